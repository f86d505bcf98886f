/*
 * compare_cells: the cells of a compare row.  See compare_cells.h.
 */
#include "compare_cells.h"

#include <stdio.h>
#include <string.h>

#include "cpuset.h"
#include "segments.h"

static void avail_text(uint64_t p, char *buf, size_t size)
{
	snprintf(buf, size, "%llu.%05llu", (unsigned long long)(p / 100000),
		 (unsigned long long)(p % 100000));
}

/* Cells i (before) and i + 1 (after, with its mark) of one figure. */
static void pair(struct cmp_row *row, int i, bool hb, bool ha, uint64_t b, uint64_t a, bool avail,
		 int higher_better)
{
	char *cb = row->cell[i], *ca = row->cell[i + 1];
	size_t size = sizeof(row->cell[i]);
	enum format_class k = FORMAT_NONE;

	if (avail) {
		avail_text(b, cb, size);
		avail_text(a, ca, size - 1);
	} else {
		format_rate(b, cb, size);
		format_rate(a, ca, size - 1);
	}
	if (hb && ha && strcmp(cb, ca) != 0)
		k = format_change(b, a, higher_better);
	if (!hb)
		snprintf(cb, size, "-");
	if (!ha)
		snprintf(ca, size, "-");
	snprintf(ca + strlen(ca), 2, "%c", format_change_mark(k));
	row->k[i] = FORMAT_NONE;
	row->k[i + 1] = k;
}

bool compare_cells_row(const struct seg_row *b, const struct seg_row *a, struct cmp_row *row)
{
	bool hb = b && b->periods, ha = a && a->periods;
	struct seg_rates rb = { 0 }, ra = { 0 };

	if (!hb && !ha)
		return false;
	if (hb)
		segments_rates(b, &rb);
	if (ha)
		segments_rates(a, &ra);
	pair(row, CMP_NOISE_B, hb, ha, rb.noise_per_s_nano, ra.noise_per_s_nano, false, 0);
	pair(row, CMP_AVAIL_B, hb, ha, rb.avail, ra.avail, true, 1);
	pair(row, CMP_HW_B, hb, ha, rb.hw_per_s_nano, ra.hw_per_s_nano, false, 0);
	pair(row, CMP_NMI_B, hb, ha, rb.nmi_per_s_nano, ra.nmi_per_s_nano, false, 0);
	pair(row, CMP_SMI_B, hb, ha, rb.smi_per_s_nano, ra.smi_per_s_nano, false, 0);
	/* The change of what prints the same is none. */
	row->k[CMP_PCT] = row->k[CMP_NOISE_A];
	if (!hb || !ha)
		snprintf(row->cell[CMP_PCT], sizeof(row->cell[CMP_PCT]), "-");
	else if (row->k[CMP_PCT] == FORMAT_NONE)
		snprintf(row->cell[CMP_PCT], sizeof(row->cell[CMP_PCT]), "0%%");
	else
		format_change_pct(rb.noise_per_s_nano, ra.noise_per_s_nano, row->cell[CMP_PCT],
				  sizeof(row->cell[CMP_PCT]));
	return true;
}

static const char *mode_name(const struct osnoise_conf *c)
{
	return c->irq_disable ? "hwnoise (IRQs disabled)" : "osnoise (IRQs enabled)";
}

bool compare_cells_comparable(const struct cmp_conf *a, const struct cmp_conf *b)
{
	return a->osn->period_us == b->osn->period_us && a->osn->runtime_us == b->osn->runtime_us &&
	       a->osn->threshold_us == b->osn->threshold_us &&
	       a->osn->irq_disable == b->osn->irq_disable;
}

char *compare_cells_conf(const struct cmp_conf *c, char *buf, size_t size)
{
	char list[CPUSET_LIST_MAX];

	snprintf(buf, size, "%s  CPUs %s  period %llu us  runtime %llu us  threshold %llu us  %s",
		 c->osn->irq_disable ? "hwnoise" : "osnoise",
		 cpuset_format(&c->osn->cpus, list, sizeof(list)),
		 (unsigned long long)c->osn->period_us, (unsigned long long)c->osn->runtime_us,
		 (unsigned long long)c->osn->threshold_us, c->smi ? "SMIs counted" : "no SMI count");
	return buf;
}

/* "what differs: B vs A; why it matters" when b and a differ. */
static int diff_us(char line[CMP_DIFF_LEN], const char *what, uint64_t b, uint64_t a,
		   const char *why)
{
	if (b == a)
		return 0;
	snprintf(line, CMP_DIFF_LEN, "%s differs: %llu us vs %llu us; %s", what,
		 (unsigned long long)b, (unsigned long long)a, why);
	return 1;
}

int compare_cells_diffs(const struct cmp_conf *b, const struct cmp_conf *a,
		   char line[CMP_DIFFS_MAX][CMP_DIFF_LEN])
{
	char lb[CPUSET_LIST_MAX], la[CPUSET_LIST_MAX];
	int n = 0;

	if (b->osn->irq_disable != a->osn->irq_disable)
		snprintf(line[n++], CMP_DIFF_LEN, "mode differs: %s vs %s; they count different noise",
			 mode_name(b->osn), mode_name(a->osn));
	cpuset_format(&b->osn->cpus, lb, sizeof(lb));
	cpuset_format(&a->osn->cpus, la, sizeof(la));
	if (strcmp(lb, la) != 0)
		snprintf(line[n++], CMP_DIFF_LEN, "CPUs differ: %.40s vs %.40s; a CPU measured in one "
			 "run only has '-' in the other", lb, la);
	n += diff_us(line[n], "period", b->osn->period_us, a->osn->period_us,
		     "figures are per second of runtime");
	n += diff_us(line[n], "runtime", b->osn->runtime_us, a->osn->runtime_us,
		     "figures are per second of runtime");
	n += diff_us(line[n], "threshold", b->osn->threshold_us, a->osn->threshold_us,
		     "gaps under the threshold are not noise");
	if (b->smi != a->smi)
		snprintf(line[n++], CMP_DIFF_LEN, "SMI counting differs: %s vs %s; no SMI column",
			 b->smi ? "on" : "off", a->smi ? "on" : "off");
	return n;
}
