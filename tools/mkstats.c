/*
 * mkstats: see mkstats.h.  The rates are those tests/unit/test-families
 * prints; change both together.
 */
#include "mkstats.h"

#include "verdict.h"

static void methods(FILE *out)
{
	fprintf(out, ".SH STATISTICS\n"
		"Every before/after (\\fBhwnoisetop compare\\fR, the dashboard's \\fBd\\fR, the\n"
		"per-segment tables, \\fB\\-\\-json\\fR, the experiment) is judged by one engine: each\n"
		"figure of B against A gets a 95%% interval of the change, a p\\-value of no change and a\n"
		"verdict.  Periods are autocorrelated and heavy-tailed, so no test treats them as\n"
		"independent: each side's periods are cut into %d to %d contiguous batches of equal\n"
		"length (batch means, Schmeiser 1982); a side needs %d batches of at least %d periods\n"
		"(%d periods) before any verdict but undecided.\n"
		".TP\n.B noise, %% CPU available\n"
		"the ratio of the two means (noise over runtime), by the delta method on its logarithm\n"
		"with a t interval.  Its variance is the larger of Welch's (each side's batches) and\n"
		"the pooled one (both sides' batches as one process: a short side whose few batches\n"
		"missed the large noises has a low mean and a low spread together, which Welch's\n"
		"interval alone takes at its word).  The batches' lag\\-1 autocorrelation r, corrected\n"
		"for its small-sample bias by adding (1 + 4r) / k (Kendall 1954; Marriott & Pope\n"
		"1954; at most 0.9), inflates their variance by (1 + r) / (1 \\- r).  A drift slower\n"
		"than the batches shows between a side's halves: their difference beyond the noise\n"
		"within them, taken as a random walk's, is carried over to the distance between the\n"
		"two sides and added to the variance; the HW count's halves, free of the large\n"
		"single noises that hide a drift in the noise, count for the noise too.  A side whose\n"
		"halves differ past the 99%% quantile of F is \\fBdrifting\\fR: its verdicts say so.\n"
		"%% CPU available is the complement of noise: the same verdict, less available\n"
		"being worse.\n"
		".TP\n.B HW, NMI, SMI\n"
		"events over runtime.  When either side has fewer than %d events a batch on average:\n"
		"the exact conditional binomial test of two Poisson rates (Przyborowski & Wilenski\n"
		"1940) and its Clopper\\-Pearson (1934) interval of the rate ratio, the counts first\n"
		"divided by their dispersion between batches (Pearson's chi\\-square over its degrees\n"
		"of freedom, when above 1: quasi-Poisson) and by the drift's share.  With more events\n"
		"the batch means of the rates, as for noise.\n"
		".TP\n.B max single\n"
		"shown as its 99th percentile and its largest, judged by the share of periods whose\n"
		"max single reaches a level: the smallest power of two that at most %.0f%% of both\n"
		"sides' periods reach (\\fBlevel_us\\fR, \\fBshare_a\\fR, \\fBshare_b\\fR in the JSON).\n"
		"The shares are counts over periods, compared as the rare counts above, so the answer\n"
		"does not depend on the two sides' lengths (a side's largest value grows with its\n"
		"length; the share of its periods over a level does not).\n",
		VERDICT_SLOTS / 2, VERDICT_SLOTS, VERDICT_MIN_BATCHES, VERDICT_MIN_LEN,
		VERDICT_SLOTS + 1, VERDICT_MANY_PER_BATCH, VERDICT_TAIL * 100);
	fprintf(out, ".PP\n"
		"The verdict (criterion.rs's noise threshold): \\fBno change\\fR when the interval lies\n"
		"within the margin (\\fB\\-\\-margin\\fR, +\\-10%% by default), whether or not it\n"
		"excludes zero; \\fBbetter\\fR or \\fBworse\\fR when it excludes zero and reaches past\n"
		"the margin; otherwise \\fBundecided\\fR, with its reason (\\fBwhy\\fR in the JSON:\n"
		"more periods, too few periods or blocks, drifting, none on either side, not clear\n"
		"among many figures, CPUs of other lengths) and \\fBperiods_needed\\fR, the periods a\n"
		"side would likely decide it (the interval's width scaled by the square root of the\n"
		"periods); \\fBnot comparable\\fR when the settings that change the figure differ.\n"
		"Then, over every verdict of one table (each CPU's figures and the row \\fBall\\fR),\n"
		"the false discovery rate is held at %.0f%% (Benjamini & Hochberg 1995): a better or\n"
		"worse whose p\\-value does not clear the step-up threshold is undecided.  With no\n"
		"change anywhere this bounds the chance of any mark in the table at %.0f%%, whatever\n"
		"the number of CPUs.  The row \\fBall\\fR pools the CPUs measured in both, period by\n"
		"period, and judges that one series the same way.\n",
		VERDICT_FDR * 100, VERDICT_FDR * 100);
}

static void rates(FILE *out)
{
	fprintf(out, ".PP\n"
		"Measured (tests/unit/test-families, its own generator: HW events at a Poisson rate\n"
		"whose level drifts, big single noises, NMIs; 20 pairs of 64 CPUs a case): the share\n"
		"of CPU-figures marked better or worse when nothing changed, noise / HW / NMI / max\n"
		"single, before the false discovery rate (which only lowers them):\n"
		".nf\n"
		"  lognormal single noises (sigma 1.5)   1.0  0.6  1.6  1.5 %%\n"
		"  Pareto alpha 1.1                      0.4  0.8  2.0  1.1 %%\n"
		"  Pareto alpha 0.8                      1.1  0.2  2.6  1.5 %%\n"
		"  bursts (x10, 1 period in 50)          2.5  3.0  2.4  2.3 %%\n"
		"  zero-inflated (HW 0.02 a period)      3.4  1.6  0.0  1.3 %%\n"
		"  rare NMIs (0.01 a period)             1.2  0.9  1.0  2.1 %%\n"
		"  drift AR(1) phi 0.9                   1.0  1.2  2.3  0.8 %%\n"
		"  drift AR(1) phi 0.99                  2.3  3.7  2.2  2.7 %%\n"
		"  drift AR(1) phi 0.998 (slower)        3.3  4.0  2.0  2.3 %%\n"
		"  30 against 300 periods                1.9  1.7  0.9  0.7 %%\n"
		"  300 against 30 periods                1.6  1.2  0.9  0.5 %%\n"
		"  3000 against 300 periods              1.2  0.1  2.8  1.8 %%\n"
		"  Pareto 1.1, 30 against 300 periods    0.9  1.5  1.5  0.3 %%\n"
		".fi\n"
		"With the slower drift a third of the noise verdicts say a side drifted.  Of 60\n"
		"comparisons of 256 CPUs with nothing changed, none showed any mark.  Power, 256\n"
		"CPUs of 300 one-second periods, HW worse on: at 2000 HW events a period, 95.4%% of\n"
		"CPUs for a rate 20%% higher, 99.5%% for 60%%; at 10 a period, 59.5%% and 93.6%%.\n"
		"That is the price of the drift and correlation allowances on a CPU that does not\n"
		"drift: for more, measure longer, or run the interleaved \\fBexperiment\\fR, whose\n"
		"design cancels a drift.  Relevance: a HW rate 3%% higher over 10000 periods,\n"
		"within the 10%% margin, was marked worse on none of 256 CPUs (no change).\n");
}

static void references(FILE *out)
{
	fprintf(out, ".PP\n"
		"B. W. Schmeiser, Batch size effects in the analysis of simulation output, Operations\n"
		"Research 30 (1982).  J. Przyborowski, H. Wilenski, Homogeneity of results in testing\n"
		"samples from Poisson series, Biometrika 31 (1940).  C. J. Clopper, E. S. Pearson, The\n"
		"use of confidence or fiducial limits illustrated in the case of the binomial,\n"
		"Biometrika 26 (1934).  M. G. Kendall, Note on bias in the estimation of\n"
		"autocorrelation, Biometrika 41 (1954).  F. H. C. Marriott, J. A. Pope, Bias in the\n"
		"estimation of autocorrelations, Biometrika 41 (1954).  Y. Benjamini, Y. Hochberg,\n"
		"Controlling the false discovery rate, J. Royal Statistical Society B 57 (1995).\n"
		"D. J. Schuirmann, A comparison of the two one-sided tests procedure and the power\n"
		"approach for assessing the equivalence of average bioavailability, J.\n"
		"Pharmacokinetics and Biopharmaceutics 15 (1987).\n");
}

void mkstats_print_man(FILE *out)
{
	methods(out);
	rates(out);
	references(out);
}
