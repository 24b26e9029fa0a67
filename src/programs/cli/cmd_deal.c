/* cmd_deal.c: `whist deal`: prints a fresh deal as a record with no moves. */
#include <getopt.h>
#include <stdlib.h>

#include "cli.h"
#include "gw/files.h"

static const char HELP[] = "Usage: whist deal [--variant classic|small] [--seed N] [--dealer 1|2]\n"
                           "Prints a shuffled deal as a game record with no moves. The same seed gives\n"
                           "the same deck; without --dealer the dealer is drawn from the seed too.\n"
                           "\n"
                           "  -v, --variant V   classic (52 cards, default) or small (28 cards)\n"
                           "  -s, --seed N      the deal's seed (default: a fresh one)\n"
                           "  -d, --dealer P    who deals: 1 or 2\n"
                           "  -h, --help        show this help\n";

int cmd_deal(int argc, char **argv) {
    static const struct option OPTIONS[] = {{"variant", required_argument, NULL, 'v'},
                                            {"seed", required_argument, NULL, 's'},
                                            {"dealer", required_argument, NULL, 'd'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
    gw_variant variant = GW_CLASSIC;
    uint64_t seed = 0;
    bool has_seed = false;
    int dealer = -1, opt;
    opterr = 0;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "+:v:s:d:h", OPTIONS, NULL)) != -1) {
        switch (opt) {
        case 'v':
            if (!cli_parse_variant("deal", optarg, &variant)) return CLI_USAGE;
            break;
        case 's':
            if (!cli_parse_seed("deal", optarg, &seed)) return CLI_USAGE;
            has_seed = true;
            break;
        case 'd':
            if ((optarg[0] != '1' && optarg[0] != '2') || optarg[1] != '\0')
                return cli_usage_error("deal", "the dealer must be 1 or 2, not '%s'", optarg);
            dealer = optarg[0] - '1';
            break;
        case 'h': fputs(HELP, stdout); return CLI_OK;
        default: return cli_bad_option("deal", argv, optind);
        }
    }
    if (optind < argc) return cli_usage_error("deal", "unexpected argument '%s'", argv[optind]);
    if (!has_seed) seed = gw_fresh_seed();
    gw_rng rng;
    gw_card deck[GW_MAX_DECK];
    gw_rng_seed(&rng, seed);
    gw_deck_shuffled(variant, &rng, deck);
    if (dealer < 0) dealer = (int)gw_rng_below(&rng, 2);
    gw_game g;
    gw_game_deal(&g, variant, deck, dealer, NULL);
    gw_record_hand h;
    gw_record_hand_from_game(&h, &g, (gw_match_rules){variant, GW_LAST13, GW_TARGET_DEFAULT}, 0);
    h.has_seed = true;
    h.seed = seed;
    gw_text out = {0};
    gw_record_write_hand(&h, &out);
    gw_record_hand_clear(&h);
    int status = out.failed ? CLI_FAIL : CLI_OK;
    if (!out.failed) fputs(gw_text_str(&out), stdout);
    gw_text_free(&out);
    if (fflush(stdout) != 0) {
        perror("whist deal");
        return CLI_FAIL;
    }
    return status;
}
