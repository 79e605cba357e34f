// CLibEdit: libedit's headers plus wrappers of the functions the line editor calls: libedit is
// loaded when first needed, and Swift cannot call the variadic el_set, el_get and history anyway.
#ifndef CLIBEDIT_SHIM_H
#define CLIBEDIT_SHIM_H

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <termios.h>
#include <unistd.h>
#include <histedit.h>

// MARK: - libedit, loaded when first needed

// The executable does not link libedit: loading it (and the libtinfo, libbsd and libmd it brings)
// cost every start about 0.4 ms, and only the REPL edits lines. It is opened on the first call of a
// wrapper below, and each function looked up once per file that calls it. When it cannot be loaded,
// clibedit_init and clibedit_history_init return NULL (the REPL then reads plain lines), and the
// other wrappers, only ever called with what those returned, fail.

/// The address of libedit's function `name`, loading libedit first; NULL when either fails.
static inline void *clibedit_symbol(const char *name) {
    static void *library = NULL;
    if (library == NULL) {
        library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
    }
    return library == NULL ? NULL : dlsym(library, name);
}

/// Declares `variable`, a pointer to libedit's function `name` (of the type its header gives it),
/// looked up on the first call.
#define CLIBEDIT_FUNCTION(variable, name)                                                                 \
    static __typeof__(&name) variable = NULL;                                                             \
    if (variable == NULL) {                                                                               \
        variable = (__typeof__(&name))clibedit_symbol(#name);                                             \
    }

/// el_set, looked up once.
static inline __typeof__(&el_set) clibedit_el_set(void) {
    CLIBEDIT_FUNCTION(function, el_set)
    return function;
}

/// el_get, looked up once.
static inline __typeof__(&el_get) clibedit_el_get(void) {
    CLIBEDIT_FUNCTION(function, el_get)
    return function;
}

/// history, looked up once.
static inline __typeof__(&history) clibedit_history_call(void) {
    CLIBEDIT_FUNCTION(function, history)
    return function;
}

/// el_set(el, ...), -1 when libedit is not there.
#define CLIBEDIT_SET(el, ...) (clibedit_el_set() == NULL ? -1 : clibedit_el_set()(el, __VA_ARGS__))
/// history(hist, event, ...), -1 when libedit is not there.
#define CLIBEDIT_HISTORY(hist, event, ...)                                                                \
    (clibedit_history_call() == NULL ? -1 : clibedit_history_call()(hist, event, __VA_ARGS__))

/// el_init: a new editor, or NULL when libedit cannot be loaded or fails.
static inline EditLine *clibedit_init(const char *program, FILE *input, FILE *output, FILE *error) {
    CLIBEDIT_FUNCTION(function, el_init)
    return function == NULL ? NULL : function(program, input, output, error);
}

/// el_end: frees an editor.
static inline void clibedit_end(EditLine *el) {
    CLIBEDIT_FUNCTION(function, el_end)
    if (function != NULL) {
        function(el);
    }
}

/// el_gets: reads a line; NULL at its end, on an error, or when libedit is not there.
static inline const char *clibedit_gets(EditLine *el, int *count) {
    CLIBEDIT_FUNCTION(function, el_gets)
    if (function == NULL) {
        *count = -1;
        return NULL;
    }
    return function(el, count);
}

/// el_line: the line being edited.
static inline const LineInfo *clibedit_line(EditLine *el) {
    CLIBEDIT_FUNCTION(function, el_line)
    return function == NULL ? NULL : function(el);
}

/// el_insertstr: inserts `text` at the cursor; 0 on success.
static inline int clibedit_insertstr(EditLine *el, const char *text) {
    CLIBEDIT_FUNCTION(function, el_insertstr)
    return function == NULL ? -1 : function(el, text);
}

/// el_deletestr: deletes `count` characters before the cursor.
static inline void clibedit_deletestr(EditLine *el, int count) {
    CLIBEDIT_FUNCTION(function, el_deletestr)
    if (function != NULL) {
        function(el, count);
    }
}

/// el_resize: takes the terminal's new size.
static inline void clibedit_resize(EditLine *el) {
    CLIBEDIT_FUNCTION(function, el_resize)
    if (function != NULL) {
        function(el);
    }
}

/// history_init: a new history, or NULL when libedit cannot be loaded or fails.
static inline History *clibedit_history_init(void) {
    CLIBEDIT_FUNCTION(function, history_init)
    return function == NULL ? NULL : function();
}

/// history_end: frees a history.
static inline void clibedit_history_end(History *hist) {
    CLIBEDIT_FUNCTION(function, history_end)
    if (function != NULL) {
        function(hist);
    }
}

/// A prompt callback: returns the prompt text for the editor.
typedef char *(*clibedit_prompt_function)(EditLine *);

/// An editor command added with EL_ADDFN: receives the key and returns a CC_ code.
typedef unsigned char (*clibedit_command_function)(EditLine *, int);

// MARK: - el_set / el_get

/// Sets the prompt callback; text between two `escape` characters is printed but not counted in the width.
static inline int clibedit_set_prompt_esc(EditLine *el, clibedit_prompt_function prompt, char escape) {
    return CLIBEDIT_SET(el, EL_PROMPT_ESC, prompt, escape);
}

/// Selects the key bindings: "emacs" or "vi".
static inline int clibedit_set_editor(EditLine *el, const char *mode) {
    return CLIBEDIT_SET(el, EL_EDITOR, mode);
}

/// Turns libedit's own signal handling (resize, terminal restore on TERM/HUP/QUIT) on (1) or off (0).
static inline int clibedit_set_signal(EditLine *el, int enabled) {
    return CLIBEDIT_SET(el, EL_SIGNAL, enabled);
}

/// Attaches a history handle so the editor can walk and search it.
static inline int clibedit_set_history(EditLine *el, History *hist) {
    return CLIBEDIT_SET(el, EL_HIST, clibedit_history_call(), hist);
}

/// Adds a named editor command implemented by `function`.
static inline int clibedit_add_function(EditLine *el, const char *name, const char *help,
                                        clibedit_command_function function) {
    return CLIBEDIT_SET(el, EL_ADDFN, name, help, function);
}

/// Binds `key` (e.g. "^I") to the editor command called `command`.
static inline int clibedit_bind(EditLine *el, const char *key, const char *command) {
    return CLIBEDIT_SET(el, EL_BIND, key, command, (const char *)NULL);
}

/// Stores an opaque pointer that callbacks can fetch back with clibedit_get_clientdata.
static inline int clibedit_set_clientdata(EditLine *el, void *data) {
    return CLIBEDIT_SET(el, EL_CLIENTDATA, data);
}

/// Returns the pointer stored with clibedit_set_clientdata, or NULL.
static inline void *clibedit_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (clibedit_el_get() == NULL || clibedit_el_get()(el, EL_CLIENTDATA, &data) != 0) {
        return NULL;
    }
    return data;
}

/// Reads key bindings and settings from `file`; NULL means $EDITRC, else ~/.editrc.
static inline int clibedit_source(EditLine *el, const char *file) {
    CLIBEDIT_FUNCTION(function, el_source)
    return function == NULL ? -1 : function(el, file);
}

/// Makes el_gets return after every key (1) or only after a whole line (0).
static inline int clibedit_set_unbuffered(EditLine *el, int enabled) {
    return CLIBEDIT_SET(el, EL_UNBUFFERED, enabled);
}

/// Puts the terminal into the editor's raw mode now (1) or back into cooked mode (0).
static inline int clibedit_prepare_terminal(EditLine *el, int raw) {
    return CLIBEDIT_SET(el, EL_PREP_TERM, raw);
}

/// Changes a terminal setting for one mode ("-d" editing, "-x" executing, "-q" quoted), like `setty -d -isig`.
static inline int clibedit_setty(EditLine *el, const char *mode, const char *setting) {
    return CLIBEDIT_SET(el, EL_SETTY, mode, setting, (const char *)NULL);
}

/// A function that reads one character for the editor: 1 when it stored one in `*character`, 0 at end of
/// input, -1 on an error (with errno set).
typedef int (*clibedit_read_function)(EditLine *, wchar_t *character);

/// Replaces how the editor reads characters (EL_GETCFN).
static inline int clibedit_set_read_function(EditLine *el, clibedit_read_function function) {
    return CLIBEDIT_SET(el, EL_GETCFN, function);
}

/// Redraws the prompt and the line being edited from the start of the cursor's line (EL_REFRESH).
static inline int clibedit_refresh(EditLine *el) {
    return CLIBEDIT_SET(el, EL_REFRESH);
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

// MARK: - The terminal between lines
// libedit puts the terminal in its "executing" mode whenever el_gets returns. The reader sets that mode
// up without canonical input, echo or signal keys (setty -x), so keys typed while a command runs reach
// the next line as typed: a cooked terminal would echo them, turn Ctrl-D into end of file and Ctrl-C into
// a signal. The terminal's own settings come back when the reader is done, and when a signal stops or ends
// the program: these handlers put them back first (and the editor's after a stop). Same `static` rule.

/// The terminal's settings when the reader started (a function's static: a file-scope struct is not
/// emitted for Swift's use of these inline functions).
static inline struct termios *clibedit_original_settings(void) {
    static struct termios settings;
    return &settings;
}
/// The terminal's descriptor once its settings are saved, else -1.
static volatile sig_atomic_t clibedit_original_descriptor = -1;

/// Installs `handler` for `signal_number` (no flags, nothing else blocked).
static inline void clibedit_set_handler(int signal_number, void (*handler)(int)) {
    struct sigaction action;
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    (void)sigaction(signal_number, &action, NULL);
}

/// Restores the saved settings, then takes the signal's default action (ending the process).
static inline void clibedit_restore_and_reraise(int signal_number) {
    int descriptor = clibedit_original_descriptor;
    if (descriptor >= 0) {
        (void)tcsetattr(descriptor, TCSANOW, clibedit_original_settings());
    }
    clibedit_set_handler(signal_number, SIG_DFL);
    (void)raise(signal_number);
}

/// SIGTSTP: restores the saved settings for the shell, stops, and once continued puts back the
/// settings the terminal had (libedit's own SIGCONT handler redraws a line being edited).
static inline void clibedit_stop_handler(int signal_number) {
    int saved_errno = errno;
    int descriptor = clibedit_original_descriptor;
    struct termios current;
    int have_current = descriptor >= 0 && tcgetattr(descriptor, &current) == 0;
    if (descriptor >= 0) {
        (void)tcsetattr(descriptor, TCSANOW, clibedit_original_settings());
    }
    clibedit_set_handler(signal_number, SIG_DFL);
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, signal_number);
    (void)raise(signal_number);
    (void)sigprocmask(SIG_UNBLOCK, &stop, NULL);
    // Stopped here until SIGCONT.
    clibedit_set_handler(signal_number, clibedit_stop_handler);
    if (have_current) {
        (void)tcsetattr(descriptor, TCSANOW, &current);
    }
    errno = saved_errno;
}

/// Saves the settings of the terminal on `descriptor` and has SIGTERM, SIGHUP and SIGQUIT (where their
/// action is the default) restore them before ending the process, and SIGTSTP around a stop; 0 when
/// saved, -1 when not a terminal.
static inline int clibedit_guard_terminal(int descriptor) {
    if (tcgetattr(descriptor, clibedit_original_settings()) != 0) {
        return -1;
    }
    clibedit_original_descriptor = descriptor;
    int signals[] = {SIGTERM, SIGHUP, SIGQUIT, SIGTSTP};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction current;
        if (sigaction(signals[index], NULL, &current) != 0 || current.sa_handler != SIG_DFL) {
            continue;
        }
        clibedit_set_handler(
            signals[index], signals[index] == SIGTSTP ? clibedit_stop_handler : clibedit_restore_and_reraise);
    }
    return 0;
}

/// Puts the saved settings back now (the reader is done with the terminal).
static inline void clibedit_restore_terminal(void) {
    int descriptor = clibedit_original_descriptor;
    if (descriptor >= 0) {
        (void)tcsetattr(descriptor, TCSADRAIN, clibedit_original_settings());
    }
}

// MARK: - history

/// Limits the history to `size` entries.
static inline int clibedit_history_setsize(History *hist, int size) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_SETSIZE, size);
}

/// Makes H_ENTER ignore a line equal to the previous one (1) or not (0).
static inline int clibedit_history_setunique(History *hist, int unique) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_SETUNIQUE, unique);
}

/// Adds `line` as the newest entry.
static inline int clibedit_history_enter(History *hist, const char *line) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_ENTER, line);
}

/// Loads entries from the file at `path` (which must start with the _HiStOrY_V2_ header); -1 on failure.
static inline int clibedit_history_load(History *hist, const char *path) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_LOAD, path);
}

/// Writes every entry to the file at `path`, replacing its contents in place; -1 on failure.
static inline int clibedit_history_save(History *hist, const char *path) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_SAVE, path);
}

/// Writes every entry to an open stream; returns the number written or -1.
static inline int clibedit_history_save_fp(History *hist, FILE *file) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_SAVE_FP, file);
}

/// Returns the number of entries, or -1.
static inline int clibedit_history_getsize(History *hist) {
    HistEvent event;
    if (CLIBEDIT_HISTORY(hist, &event, H_GETSIZE) == -1) {
        return -1;
    }
    return event.num;
}

/// Moves to the newest entry and returns its text, or NULL when the history is empty.
static inline const char *clibedit_history_first(History *hist) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_FIRST) == -1 ? NULL : event.str;
}

/// Moves one entry older and returns its text, or NULL past the oldest.
static inline const char *clibedit_history_next(History *hist) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_NEXT) == -1 ? NULL : event.str;
}

/// Moves to the oldest entry and returns its text, or NULL when the history is empty.
static inline const char *clibedit_history_last(History *hist) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_LAST) == -1 ? NULL : event.str;
}

/// Moves one entry newer and returns its text, or NULL past the newest.
static inline const char *clibedit_history_prev(History *hist) {
    HistEvent event;
    return CLIBEDIT_HISTORY(hist, &event, H_PREV) == -1 ? NULL : event.str;
}

/// Removes every entry.
static inline void clibedit_history_clear(History *hist) {
    HistEvent event;
    CLIBEDIT_HISTORY(hist, &event, H_CLEAR);
}

#endif
