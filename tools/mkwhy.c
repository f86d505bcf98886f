/*
 * mkwhy: the man page's WHY section, for tools/mkman.  The figures it
 * names (the margin, the busy share) come from cause.h.
 */
#include <stdio.h>

#include "cause.h"
#include "mkwhy.h"

void mkwhy_print_man(void)
{
	printf(".SH WHY\n");
	printf("With \\fB\\-\\-why\\fR each measured CPU's hardware noise is put down to its causes, with\n"
	       "the evidence.  Beside each period hwnoisetop keeps what was seen, read from its own\n"
	       "(housekeeping) CPU once a tick, never on a measured CPU:\n"
	       ".IP \\(bu 2\n"
	       "\\fBSMI\\fR: the SMIs MSR 0x34 counted in the period (read in the gap after it, see\n"
	       "\\fB\\-\\-smi\\fR); where the MSR cannot be read the cause is \"not measured\", and why.\n"
	       ".IP \\(bu 2\n"
	       "\\fBNMI\\fR: the period's NMI count from the osnoise summary.\n"
	       ".IP \\(bu 2\n"
	       "\\fBSMT sibling\\fR: the busiest sibling's busy share (user, nice, system, irq and\n"
	       "softirq time of \\fB/proc/stat\\fR over the last tick), busy from %.0f%%; a sibling that\n"
	       "is measured too is busy with the measurement and does not count.\n"
	       ".IP \\(bu 2\n"
	       "\\fBsteal\\fR: the CPU's steal time (\\fB/proc/stat\\fR), in a guest only (the\n"
	       "\\fBhypervisor\\fR flag of \\fB/proc/cpuinfo\\fR or \\fB/sys/hypervisor/type\\fR).\n"
	       ".IP \\(bu 2\n"
	       "\\fBthermal\\fR: throttling events (\\fBthermal_throttle/*_throttle_count\\fR), where\n"
	       "the kernel has them.\n"
	       ".PP\n"
	       "For each cause the periods with it and those without are compared by the verdicts of\n"
	       "STATISTICS: the noise per second of runtime, the ratio r (with against without) and\n"
	       "its 95%% interval, on the periods where no other cause was seen (on all of them when\n"
	       "those are too few).  The noise a cause explains is the excess of its periods over\n"
	       "the rate without it, N_with (1 \\- 1/r), as a share of the CPU's noise, with the\n"
	       "interval r's gives.  A cause is \\fBcredited\\fR only when the noise is higher with it\n"
	       "by more than %.0f%% (the interval clear of it); otherwise it says why not: \\fBnone\n"
	       "counted\\fR, \\fBnot measured\\fR (and why: no sibling, not a guest, MSR 0x34 not\n"
	       "readable), \\fBin every period\\fR (nothing to compare with), \\fBtoo few periods\\fR\n"
	       "or \\fBno evidence\\fR.  What no credited cause explains is \\fBunexplained\\fR; the\n"
	       "leading cause is the credited one with the largest share.  \\fB\\-q \\-\\-why\\fR\n"
	       "prints a block per CPU after rtla's table (which stays as it is), with one line of\n"
	       "what to try; \\fB\\-\\-json\\fR has it as \\fBwhy\\fR; a recording keeps the evidence\n"
	       "as \\fBev\\fR lines, and its replay attributes again (an older hwnoisetop refuses\n"
	       "a recording with them: it knows no \\fBev\\fR line; without \\fB\\-\\-why\\fR none is\n"
	       "written).  In the dashboard the \\fBWhy\\fR column names each CPU's leading cause\n"
	       "(\\fB\\-\\fR: none credited; the first column a narrow terminal drops) and \\fBy\\fR\n"
	       "opens the selected CPU's causes: a bar of each share and its interval, the figures,\n"
	       "the latest tick's evidence and what to try.\n"
	       ".PP\n"
	       "Limits: a comparison, not a measurement of each cause's time: a cause that comes in\n"
	       "every period, or never, cannot be told apart; causes that come together are each\n"
	       "credited with the whole excess of their periods (said: the shares overlap); a cause\n"
	       "whose cost is small against the rest of the noise (an SMI of a few microseconds\n"
	       "beside milliseconds of other noise) is not credited, however often it comes.  The\n"
	       "sibling's load and the steal are read once a tick, not once a period: with a period\n"
	       "other than the tick's second they are the nearest tick's.  NMI time is not measured\n"
	       "directly (the \\fBosnoise:nmi_noise\\fR events are not read): NMIs are judged by\n"
	       "their count, like SMIs.\n",
	       CAUSE_BUSY_SHARE * 100, CAUSE_MARGIN * 100);
}
