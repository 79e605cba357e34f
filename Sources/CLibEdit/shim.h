// CLibEdit: libedit's headers plus non-variadic wrappers, because Swift cannot call the
// variadic el_set, el_get and history functions directly.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>
#include <histedit.h>

/// A prompt callback: returns the prompt text for the editor.
typedef char *(*clibedit_prompt_function)(EditLine *);

/// An editor command added with EL_ADDFN: receives the key and returns a CC_ code.
typedef unsigned char (*clibedit_command_function)(EditLine *, int);

// MARK: - el_set / el_get

/// Sets the prompt callback; text between two `escape` characters is printed but not counted in the width.
static inline int clibedit_set_prompt_esc(EditLine *el, clibedit_prompt_function prompt, char escape) {
    return el_set(el, EL_PROMPT_ESC, prompt, escape);
}

/// Selects the key bindings: "emacs" or "vi".
static inline int clibedit_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// Turns libedit's own signal handling (resize, terminal restore on TERM/HUP/QUIT) on (1) or off (0).
static inline int clibedit_set_signal(EditLine *el, int enabled) {
    return el_set(el, EL_SIGNAL, enabled);
}

/// Attaches a history handle so the editor can walk and search it.
static inline int clibedit_set_history(EditLine *el, History *hist) {
    return el_set(el, EL_HIST, history, hist);
}

/// Adds a named editor command implemented by `function`.
static inline int clibedit_add_function(EditLine *el, const char *name, const char *help,
                                        clibedit_command_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

/// Binds `key` (e.g. "^I") to the editor command called `command`.
static inline int clibedit_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

/// Stores an opaque pointer that callbacks can fetch back with clibedit_get_clientdata.
static inline int clibedit_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

/// Returns the pointer stored with clibedit_set_clientdata, or NULL.
static inline void *clibedit_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

/// Reads key bindings and settings from `file`; NULL means $EDITRC, else ~/.editrc.
static inline int clibedit_source(EditLine *el, const char *file) {
    return el_source(el, file);
}

/// Makes el_gets return after every key (1) or only after a whole line (0).
static inline int clibedit_set_unbuffered(EditLine *el, int enabled) {
    return el_set(el, EL_UNBUFFERED, enabled);
}

/// Puts the terminal into the editor's raw mode now (1) or back into cooked mode (0).
static inline int clibedit_prepare_terminal(EditLine *el, int raw) {
    return el_set(el, EL_PREP_TERM, raw);
}

/// Changes a terminal setting for one mode ("-d" editing, "-x" executing, "-q" quoted), like `setty -d -isig`.
static inline int clibedit_setty(EditLine *el, const char *mode, const char *setting) {
    return el_set(el, EL_SETTY, mode, setting, (const char *)NULL);
}

/// A function that reads one character for the editor: 1 when it stored one in `*character`, 0 at end of
/// input, -1 on an error (with errno set).
typedef int (*clibedit_read_function)(EditLine *, wchar_t *character);

/// Replaces how the editor reads characters (EL_GETCFN).
static inline int clibedit_set_read_function(EditLine *el, clibedit_read_function function) {
    return el_set(el, EL_GETCFN, function);
}

/// Redraws the prompt and the line being edited from the start of the cursor's line (EL_REFRESH).
static inline int clibedit_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

/// Whether SIGINT arrived since clibedit_interrupt_arm, for a read function deciding whether to go on.
static inline int clibedit_interrupt_pending(void);

/// An always-valid empty prompt, for callbacks that cannot find their reader.
static inline char *clibedit_empty_prompt(void) {
    static char empty[1] = {0};
    return empty;
}

// MARK: - SIGINT while a line is edited

// A SIGINT that arrives while el_gets is blocked in read(2) makes the read fail with EINTR, and el_gets
// returns. One that arrives while libedit is busy (echoing a key, redrawing) is taken by libedit's own
// handler, which passes it on and returns; the next read(2) then waits for a key as if nothing happened.
// The handler below closes that gap: besides noting the signal, it points the editor's input descriptor
// at a pipe that reads as end of file, so whatever libedit does next ends el_gets at once. The reader
// puts the input back after el_gets returns. Everything the handler touches is async-signal-safe.
//
// The state is `static`, so it is shared only by code compiled together with its one user,
// EditLineReader.swift; no other file may call these functions (in a debug build, each Swift file that
// did would get its own copy of the state).

/// Whether SIGINT arrived since clibedit_interrupt_arm.
static volatile sig_atomic_t clibedit_interrupt_arrived = 0;
/// The descriptor libedit reads keys from while armed, else -1.
static volatile sig_atomic_t clibedit_interrupt_input = -1;
/// The reading end of a pipe whose writing end is closed, or -1.
static volatile sig_atomic_t clibedit_interrupt_end_of_file = -1;

/// The SIGINT handler: notes the signal and makes the editor's next read(2) return end of file.
static inline void clibedit_interrupt_handler(int signal_number) {
    (void)signal_number;
    int saved_errno = errno;
    clibedit_interrupt_arrived = 1;
    int input = clibedit_interrupt_input;
    int end_of_file = clibedit_interrupt_end_of_file;
    if (input >= 0 && end_of_file >= 0) {
        (void)dup2(end_of_file, input);
    }
    errno = saved_errno;
}

/// Prepares the handler for one el_gets on `input`; `end_of_file` reads as end of file. Call with SIGINT's
/// handler not yet installed.
static inline void clibedit_interrupt_arm(int input, int end_of_file) {
    clibedit_interrupt_arrived = 0;
    clibedit_interrupt_end_of_file = end_of_file;
    clibedit_interrupt_input = input;
}

static inline int clibedit_interrupt_pending(void) {
    return clibedit_interrupt_arrived;
}

/// Ends the handler's work once it can no longer run; returns whether SIGINT arrived while armed.
static inline int clibedit_interrupt_disarm(void) {
    clibedit_interrupt_input = -1;
    return clibedit_interrupt_arrived;
}

// MARK: - history

/// Limits the history to `size` entries.
static inline int clibedit_history_setsize(History *hist, int size) {
    HistEvent event;
    return history(hist, &event, H_SETSIZE, size);
}

/// Makes H_ENTER ignore a line equal to the previous one (1) or not (0).
static inline int clibedit_history_setunique(History *hist, int unique) {
    HistEvent event;
    return history(hist, &event, H_SETUNIQUE, unique);
}

/// Adds `line` as the newest entry.
static inline int clibedit_history_enter(History *hist, const char *line) {
    HistEvent event;
    return history(hist, &event, H_ENTER, line);
}

/// Loads entries from the file at `path` (which must start with the _HiStOrY_V2_ header); -1 on failure.
static inline int clibedit_history_load(History *hist, const char *path) {
    HistEvent event;
    return history(hist, &event, H_LOAD, path);
}

/// Writes every entry to the file at `path`, replacing its contents in place; -1 on failure.
static inline int clibedit_history_save(History *hist, const char *path) {
    HistEvent event;
    return history(hist, &event, H_SAVE, path);
}

/// Writes every entry to an open stream; returns the number written or -1.
static inline int clibedit_history_save_fp(History *hist, FILE *file) {
    HistEvent event;
    return history(hist, &event, H_SAVE_FP, file);
}

/// Returns the number of entries, or -1.
static inline int clibedit_history_getsize(History *hist) {
    HistEvent event;
    if (history(hist, &event, H_GETSIZE) == -1) {
        return -1;
    }
    return event.num;
}

/// Moves to the newest entry and returns its text, or NULL when the history is empty.
static inline const char *clibedit_history_first(History *hist) {
    HistEvent event;
    return history(hist, &event, H_FIRST) == -1 ? NULL : event.str;
}

/// Moves one entry older and returns its text, or NULL past the oldest.
static inline const char *clibedit_history_next(History *hist) {
    HistEvent event;
    return history(hist, &event, H_NEXT) == -1 ? NULL : event.str;
}

/// Moves to the oldest entry and returns its text, or NULL when the history is empty.
static inline const char *clibedit_history_last(History *hist) {
    HistEvent event;
    return history(hist, &event, H_LAST) == -1 ? NULL : event.str;
}

/// Moves one entry newer and returns its text, or NULL past the newest.
static inline const char *clibedit_history_prev(History *hist) {
    HistEvent event;
    return history(hist, &event, H_PREV) == -1 ? NULL : event.str;
}

/// Removes every entry.
static inline void clibedit_history_clear(History *hist) {
    HistEvent event;
    history(hist, &event, H_CLEAR);
}

#endif
