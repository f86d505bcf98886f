/*
 * term: the dashboard's terminal beyond curses: its modes saved before
 * curses starts, what a crash must write and set to give it back, and no
 * XON/XOFF flow control.
 */
#include <stdbool.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "dash.h"

/*
 * What a crash must undo on the terminal, prepared while curses runs: the
 * tty modes from before it, and the terminal's own strings to leave the
 * alternate screen, show the cursor and reset the attributes.
 */
static struct termios crash_tty;
static bool crash_tty_saved;
static char crash_seq[128];
static size_t crash_len;

static void crash_add(const char *capname)
{
	char *str = tigetstr(capname);
	size_t n;

	if (!str || str == (char *)-1)
		return;
	n = strlen(str);
	if (crash_len + n < sizeof(crash_seq)) {
		memcpy(crash_seq + crash_len, str, n);
		crash_len += n;
	}
}

/* The fault handler's hook: write() and tcsetattr() only. */
static void crash_restore_terminal(void)
{
	if (crash_len && write(STDOUT_FILENO, crash_seq, crash_len) < 0)
		return;
	if (write(STDOUT_FILENO, "\r\n", 2) < 0)
		return;
	if (crash_tty_saved)
		tcsetattr(STDIN_FILENO, TCSANOW, &crash_tty);
}

void term_crash_prepare(void)
{
	crash_len = 0;
	crash_add("sgr0");
	crash_add("cnorm");
	crash_add("rmcup");
	session_set_fatal_hook(crash_restore_terminal);
}

/*
 * Ctrl-S would stop the terminal's output and block every write, SIGTERM
 * included (the loop reads signals only between writes): no XON/XOFF.
 */
void term_no_flow_control(void)
{
	struct termios t;

	if (tcgetattr(STDIN_FILENO, &t) == 0) {
		t.c_iflag &= ~(IXON | IXOFF);
		if (tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0)
			def_prog_mode();
	}
}

void term_save_tty(void)
{
	crash_tty_saved = tcgetattr(STDIN_FILENO, &crash_tty) == 0;
}
