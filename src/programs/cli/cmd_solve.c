/* cmd_solve.c: `whist solve`: exact endgame values from the command line, one position or a batch. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "line_input.h"
#include "gw/files.h"
#include "gw/solver.h"

static const char HELP[] = "Usage: whist solve --trump S [--led CARD] HAND_A HAND_B [--cards]\n"
                           "       whist solve --batch FILE|-\n"
                           "Solves an endgame exactly. HAND_A leads the current trick (without CARD if\n"
                           "--led is given; HAND_B is then to play). Prints the tricks HAND_A's player\n"
                           "wins from here, this trick included; with --cards also CARD=N for every\n"
                           "legal card of the player to move (N: HAND_A's tricks after that card).\n"
                           "Hands as lists without spaces (AS,KS,7H) or dotted S.H.D.C (AK..7.2; ... is\n"
                           "empty). A batch has one position per line: TRUMP HAND_A HAND_B [LED]; each\n"
                           "answer includes the card values; a bad line gets an empty output line and\n"
                           "'error: line N: REASON' on standard error, and the exit status is then 1.\n"
                           "\n"
                           "  -t, --trump S    trump suit: S, H, D or C (or spades ... clubs)\n"
                           "  -l, --led CARD   the card HAND_A already led\n"
                           "  -c, --cards      also print every legal card's value\n"
                           "  -b, --batch F    read positions from F (- for standard input)\n"
                           "  -h, --help       show this help\n";

static void print_answer(gw_solver *s, const gw_position *p, bool cards) {
    if (!cards) {
        printf("%d\n", gw_solve(s, p));
        return;
    }
    gw_card_value v[13];
    int best = 0, n = gw_solve_cards(s, p, v, &best);
    printf("%d", best);
    for (int i = 0; i < n; i++)
        printf(" %s=%d", cli_card(v[i].card), v[i].tricks);
    printf("\n");
}

static int run_batch(gw_solver *s, const char *path) {
    char *text, why[256];
    size_t len;
    gw_error err;
    if (gw_file_read(path, &text, &len, &err) != GW_OK) {
        fprintf(stderr, "whist solve: cannot read %s: %s\n", strcmp(path, "-") == 0 ? "<stdin>" : path,
                err.msg);
        return CLI_USAGE;
    }
    int status = CLI_OK, line_no = 0;
    char *save = NULL;
    for (char *line = text; line && line < text + len; line = save) {
        char *end = memchr(line, '\n', (size_t)(text + len - line));
        save = end ? end + 1 : NULL;
        size_t n = (size_t)((end ? end : text + len) - line); /* text has its NUL: line[n] is writable */
        line_no++;
        gw_position p;
        cli_solve_line_kind kind = cli_solve_line(line, n, &p, why, sizeof why);
        if (kind == CLI_SOLVE_POSITION) {
            print_answer(s, &p, true);
            continue;
        }
        printf("\n"); /* a blank line keeps its place in the output, a bad one too */
        if (kind == CLI_SOLVE_BLANK) continue;
        fflush(stdout);
        fprintf(stderr, "error: line %d: %s\n", line_no, why);
        status = CLI_FAIL;
    }
    free(text);
    return status;
}

int cmd_solve(int argc, char **argv) {
    static const struct option OPTIONS[] = {
        {"trump", required_argument, NULL, 't'}, {"led", required_argument, NULL, 'l'},
        {"cards", no_argument, NULL, 'c'},       {"batch", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0}};
    const char *trump = NULL, *led = NULL, *batch = NULL;
    bool cards = false;
    int opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, ":t:l:cb:h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 't': trump = optarg; break;
        case 'l': led = optarg; break;
        case 'c': cards = true; break;
        case 'b': batch = optarg; break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("solve", argv, optind);
        }
    }
    gw_solver *s;
    if (batch) {
        if (optind < argc || trump || led)
            return cli_usage_error("solve", "--batch takes its positions from the file only");
        if (gw_solver_new(0, &s) != GW_OK) return cli_usage_error("solve", "out of memory");
        int status = run_batch(s, batch);
        gw_solver_free(s);
        return status;
    }
    if (!trump) return cli_usage_error("solve", "which trump? (--trump S, H, D or C)");
    if (argc - optind != 2) return cli_usage_error("solve", "expected two hands, HAND_A HAND_B");
    gw_position p;
    char why[256];
    if (!cli_solve_position(trump, argv[optind], argv[optind + 1], led, &p, why, sizeof why))
        return cli_usage_error("solve", "%s", why);
    if (gw_solver_new(0, &s) != GW_OK) return cli_usage_error("solve", "out of memory");
    print_answer(s, &p, cards);
    gw_solver_free(s);
    return CLI_OK;
}
