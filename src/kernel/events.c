/*
 * events: -e/--filter/--trigger for the recording instance.  See events.h.
 */
#include "events.h"
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <tracefs.h>

#include "opt.h"
#include "textbuf.h"

int events_add(struct events *e, const char *arg, struct why *why)
{
	const char *colon = strchr(arg, ':');
	struct event_opt *v, *o;

	if (!*arg || colon == arg || (colon && (!colon[1] || strchr(colon + 1, ':')))) {
		why->text = "takes system or system:event, e.g. osnoise or osnoise:irq_noise";
		return -1;
	}
	if (strchr(arg, '/') || strstr(arg, "..") || strchr(arg, ' ')) {
		why->text = "takes system or system:event (no '/', '..' or spaces)";
		return -1;
	}
	v = realloc(e->v, (e->n + 1) * sizeof(*v));
	if (!v) {
		why->text = "out of memory";
		return -1;
	}
	e->v = v;
	o = &v[e->n];
	memset(o, 0, sizeof(*o));
	o->system = colon ? strndup(arg, colon - arg) : strdup(arg);
	o->event = colon ? strdup(colon + 1) : NULL;
	if (!o->system || (colon && !o->event)) {
		free(o->system);
		free(o->event);
		why->text = "out of memory";
		return -1;
	}
	e->n++;
	return 0;
}

static int check_last(const struct events *e, const char *text, const char *what,
		      struct why *why)
{
	if (!*text) {
		snprintf(why->buf, sizeof(why->buf), "takes a non-empty %s", what);
		why->text = why->buf;
		return -1;
	}
	if (!e->n) {
		why->text = "applies to the event of a preceding -e sys:event";
		return -1;
	}
	return 0;
}

int events_set_filter(struct events *e, const char *filter, struct why *why)
{
	struct event_opt *o;

	if (check_last(e, filter, "filter expression, e.g. 'duration > 1000'", why))
		return -1;
	o = &e->v[e->n - 1];
	if (o->filter) {
		why->text = "may be given once for each -e";
		return -1;
	}
	o->filter = strdup(filter);
	return o->filter ? 0 : (why->text = "out of memory", -1);
}

int events_set_trigger(struct events *e, const char *trigger, struct why *why)
{
	struct event_opt *o;

	if (check_last(e, trigger, "trigger, e.g. 'hist:keys=duration'", why))
		return -1;
	o = &e->v[e->n - 1];
	if (!o->event) {
		why->text = "applies to one event: give the preceding -e as system:event";
		return -1;
	}
	if (o->trigger) {
		why->text = "may be given once for each -e";
		return -1;
	}
	o->trigger = strdup(trigger);
	return o->trigger ? 0 : (why->text = "out of memory", -1);
}

void events_free(struct events *e)
{
	for (int i = 0; i < e->n; i++) {
		free(e->v[i].system);
		free(e->v[i].event);
		free(e->v[i].filter);
		free(e->v[i].trigger);
	}
	free(e->v);
	e->v = NULL;
	e->n = 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int events_check(const struct events *e, const char *tracing_dir, char *err, size_t errlen)
{
	char path[1024];

	for (int i = 0; i < e->n; i++) {
		const struct event_opt *o = &e->v[i];

		snprintf(path, sizeof(path), "%s/events/%s", tracing_dir, o->system);
		if (!is_dir(path)) {
			snprintf(err, errlen,
				 "-e/--event '%s' names no event system of this kernel; it takes "
				 "system[:event] with a system among the directories of %s/events",
				 o->system, tracing_dir);
			return -1;
		}
		if (!o->event)
			continue;
		snprintf(path, sizeof(path), "%s/events/%s/%s", tracing_dir, o->system, o->event);
		if (!is_dir(path)) {
			snprintf(err, errlen,
				 "-e/--event '%s:%s' names no event of system %s; it takes system:event "
				 "with an event among the directories of %s/events/%s",
				 o->system, o->event, o->system, tracing_dir, o->system);
			return -1;
		}
	}
	return 0;
}

/* The kernel's own reason from the instance's error_log, on one line. */
static void kernel_reason(struct tracefs_instance *inst, char *buf, size_t size)
{
	char *log = tracefs_error_last(inst);
	char *p;

	buf[0] = '\0';
	if (!log)
		return;
	p = strstr(log, "error: ");
	if (p) {
		p += 7;
		p[strcspn(p, "\n")] = '\0';
		snprintf(buf, size, ": %s", p);
	}
	free(log);
}

static int event_file_write(struct tracefs_instance *inst, const struct event_opt *o,
			    const char *file, const char *text)
{
	int rc;

	errno = 0;
	if (o->event)
		rc = tracefs_event_file_write(inst, o->system, o->event, file, text);
	else {
		char path[512];

		snprintf(path, sizeof(path), "events/%s/%s", o->system, file);
		rc = tracefs_instance_file_write(inst, path, text);
	}
	return rc < 0 ? -(errno ? errno : EINVAL) : 0;
}

static void event_label(const struct event_opt *o, char *buf, size_t size)
{
	if (o->event)
		snprintf(buf, size, "%s:%s", o->system, o->event);
	else
		snprintf(buf, size, "%s", o->system);
}

int events_apply(const struct events *e, struct tracefs_instance *inst, char *err, size_t errlen)
{
	char label[256], why[256];
	int rc;

	for (int i = 0; i < e->n; i++) {
		const struct event_opt *o = &e->v[i];

		event_label(o, label, sizeof(label));
		if (o->filter) {
			tracefs_error_clear(inst);
			rc = event_file_write(inst, o, "filter", o->filter);
			if (rc) {
				kernel_reason(inst, why, sizeof(why));
				snprintf(err, errlen,
					 "--filter '%s' for %s: the kernel rejects it (%s)%s; it takes an "
					 "event filter such as 'duration > 1000' over the event's fields",
					 opt_quote(o->filter, &(struct opt_text){ 0 }), label, strerror(-rc), why);
				return -1;
			}
		}
		if (o->trigger) {
			tracefs_error_clear(inst);
			rc = event_file_write(inst, o, "trigger", o->trigger);
			if (rc) {
				kernel_reason(inst, why, sizeof(why));
				snprintf(err, errlen,
					 "--trigger '%s' for %s: the kernel rejects it (%s)%s; it takes an "
					 "event trigger such as 'hist:keys=duration'",
					 opt_quote(o->trigger, &(struct opt_text){ 0 }), label, strerror(-rc), why);
				return -1;
			}
		}
		rc = event_file_write(inst, o, "enable", "1");
		if (rc) {
			snprintf(err, errlen, "-e/--event %s: cannot enable it: %s", label,
				 strerror(-rc));
			return -1;
		}
	}
	return 0;
}

int events_save_hists(const struct events *e, struct tracefs_instance *inst,
		      struct textbuf *notes)
{
	int failed = 0;

	for (int i = 0; i < e->n; i++) {
		const struct event_opt *o = &e->v[i];
		char name[512], neg[1024];
		char *text;
		FILE *f;

		if (!o->trigger || strncmp(o->trigger, "hist:", 5) != 0 || !o->event)
			continue;
		snprintf(name, sizeof(name), "%s_%s_hist.txt", o->system, o->event);
		text = tracefs_event_file_read(inst, o->system, o->event, "hist", NULL);
		f = text ? outfile_open(name) : NULL;
		if (f && fputs(text, f) < 0) {
			fclose(f);
			f = NULL;
		}
		if (!f || fclose(f) != 0) {
			textbuf_printf(notes, "cannot save the histogram of %s:%s to %s: %s\n",
				       o->system, o->event, name, strerror(errno));
			failed++;
		} else {
			/* rtla's line first (scripts and rtla's tests grep it), then ours. */
			textbuf_printf(notes, "  Saving event %s:%s hist to %s\n"
				       "histogram of %s:%s saved to %s\n", o->system, o->event, name,
				       o->system, o->event, name);
		}
		free(text);
		/* Remove the trigger before the instance goes away. */
		snprintf(neg, sizeof(neg), "!%s", o->trigger);
		event_file_write(inst, o, "trigger", neg);
	}
	return failed;
}
