/* test_protocol_replay.c: the replay of a finished hand on the wire (gw/protocol_replay.h): the German
 * Whist and Android Whist replay fields of a stored hand byte for byte (what whist serve's replay message and
 * the WebAssembly module's review send), the refusal of what cannot be replayed, and the review's fields:
 * the verdicts on one player's cards, the same whether built in one go or in parts, and the summary. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gw/protocol.h"
#include "gw/protocol_replay.h"

/* Hand 1 of a small-deck German Whist match (tests/data/session/german-line-easy-99.gwr). */
static const char german_record[] =
    "[Game \"German Whist\"]\n"
    "[Variant \"small\"]\n"
    "[Scoring \"last13\"]\n"
    "[Target \"10\"]\n"
    "[Hand \"1\"]\n"
    "[MatchSeed \"99\"]\n"
    "[Date \"2026.11.24\"]\n"
    "[Player1 \"human\"]\n"
    "[Player2 \"easy\"]\n"
    "[StoreMatch \"3\"]\n"
    "[Dealer \"1\"]\n"
    "[Seed \"10403964113915512446\"]\n"
    "[Deck \"JS 8D 8C 9H 9D TH QH AD 8H TC JD KC AC AH 9S AS JC JH 8S TD QC KS TS QS KD 9C QD KH\"]\n"
    "[Result \"4-3\"]\n"
    "[Score \"1-0\"]\n"
    "\n"
    "1. AC KC 2. QH AH 3. 8D 9D 4. JH TH 5. QC TC 6. JD TD 7. KD AD 8. QS 8S\n"
    "9. QD 9S 10. KH 9H 11. 8H 9C 12. 8C JC 13. AS TS 14. KS JS\n";

/* Hand 1 of an Android Whist rubber (tests/data/session/android-line-easy-99.gwr). */
static const char android_record[] =
    "[Game \"Android Whist\"]\n"
    "[Hand \"1\"]\n"
    "[Date \"2026.11.24\"]\n"
    "[Player1 \"human\"]\n"
    "[Player2 \"easy\"]\n"
    "[RubberSeed \"99\"]\n"
    "[StoreRubber \"1\"]\n"
    "[Dealer \"2\"]\n"
    "[Deck \"8S 6H 7H 2D 5H 7C AH JH 8D 7D 3S 4S TH 4D KD 4H JD 8C TC AD AS KS JS 6D 5D TD 9C 3C 4C JC 6S KH "
    "3H AC 5C KC 8H QH TS 9S 7S 9D 2H 6C QS 2S 5S 3D QC 2C QD 9H\"]\n"
    "[Result \"5-8\"]\n"
    "[Score \"0-2\"]\n"
    "\n"
    "1. high-clubs=QC beat=AC 9C 3C\n"
    "2. diamonds=4D KD AD beat=5D\n"
    "3. 4H duck=3H high=QH 2H\n"
    "4. clubs=2C 5C 6C high=4C\n"
    "5. 2D high=JD high=7D QD\n"
    "6. 7H 9H beat=TH beat=6H\n"
    "7. high-hearts=8H duck! spades=2S AH JH\n"
    "8. JS 4S beat=QS beat=KS\n"
    "9. longest=7C TC KC high=5H\n"
    "10. high-longest=AS beat! clubs=8C 3S 9S\n"
    "11. high-shortest=8D duck=9D 6S 3D\n"
    "12. diamonds=TD TS 6D high! beat! hearts! clubs! high-clubs! shortest=7S\n"
    "13. clubs=JC 5S KH duck! high-hearts! high-spades=8S\n";

static void read_record(const char *text, gw_record_file *rec) {
    gw_error err;
    assert_int_equal(gw_record_file_read(text, strlen(text), rec, &err), GW_OK);
}

/* The compact text of j (dropped). */
static char *dump(json_t *j) {
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    assert_non_null(s);
    return s;
}

static void german_fields(void **state) {
    (void)state;
    gw_record_file rec;
    read_record(german_record, &rec);
    json_t *j = json_pack("{ss}", "type", "replay");
    gw_error err;
    assert_int_equal(gw_protocol_replay_hand(j, &rec, &err), GW_OK);
    char *s = dump(j);
    assert_string_equal(
        s,
        "{\"type\":\"replay\",\"rules\":{\"variant\":\"small\",\"scoring\":\"last13\",\"target\":10},\"nam"
        "es\":[\"human\",\"easy\"],\"dealer\":0,\"trump\":\"S\",\"hands\":[[\"9H\",\"TH\",\"AH\",\"8D\","
        "\"AD\",\""
        "TC\",\"KC\"],[\"JS\",\"8H\",\"QH\",\"9D\",\"JD\",\"8C\",\"AC\"]],\"tricks\":[{\"number\":1,"
        "\"leader\":1"
        ",\"cards\":[\"AC\",\"KC\"],\"winner\":1,\"up\":\"9S\",\"draws\":[\"AS\",\"9S\"]},{\"number\":2,"
        "\"lead"
        "er\":1,\"cards\":[\"QH\",\"AH\"],\"winner\":0,\"up\":\"JC\",\"draws\":[\"JC\",\"JH\"]},{\"number\":"
        "3,"
        "\"leader\":0,\"cards\":[\"8D\",\"9D\"],\"winner\":1,\"up\":\"8S\",\"draws\":[\"TD\",\"8S\"]},{"
        "\"numbe"
        "r\":4,\"leader\":1,\"cards\":[\"JH\",\"TH\"],\"winner\":1,\"up\":\"QC\",\"draws\":[\"KS\",\"QC\"]},{"
        "\""
        "number\":5,\"leader\":1,\"cards\":[\"QC\",\"TC\"],\"winner\":1,\"up\":\"TS\",\"draws\":[\"QS\","
        "\"TS\""
        "]},{\"number\":6,\"leader\":1,\"cards\":[\"JD\",\"TD\"],\"winner\":1,\"up\":\"KD\",\"draws\":[\"9C\""
        ",\"KD\"]},{\"number\":7,\"leader\":1,\"cards\":[\"KD\",\"AD\"],\"winner\":0,\"up\":\"QD\",\"draws\":"
        "[\"QD\",\"KH\"]},{\"number\":8,\"leader\":0,\"cards\":[\"QS\",\"8S\"],\"winner\":0,\"up\":null,\"dr"
        "aws\":null},{\"number\":9,\"leader\":0,\"cards\":[\"QD\",\"9S\"],\"winner\":1,\"up\":null,\"draw"
        "s\":null},{\"number\":10,\"leader\":1,\"cards\":[\"KH\",\"9H\"],\"winner\":1,\"up\":null,\"draws"
        "\":null},{\"number\":11,\"leader\":1,\"cards\":[\"8H\",\"9C\"],\"winner\":1,\"up\":null,\"draws\""
        ":null},{\"number\":12,\"leader\":1,\"cards\":[\"8C\",\"JC\"],\"winner\":0,\"up\":null,\"draws\":"
        "null},{\"number\":13,\"leader\":0,\"cards\":[\"AS\",\"TS\"],\"winner\":0,\"up\":null,\"draws\":n"
        "ull},{\"number\":14,\"leader\":0,\"cards\":[\"KS\",\"JS\"],\"winner\":0,\"up\":null,\"draws\":nu"
        "ll}],\"result\":{\"tricks\":[4,3],\"points\":1,\"scored\":[1,0],\"winner\":0}}");
    free(s);
    gw_record_file_free(&rec);
}

static void android_fields(void **state) {
    (void)state;
    gw_record_file rec;
    read_record(android_record, &rec);
    json_t *j = json_object();
    gw_error err;
    assert_int_equal(gw_protocol_replay_hand(j, &rec, &err), GW_OK);
    const char *keys[] = {"names", "dealer", "seats", "trump", "trump_card", "hands", "tricks", "result"};
    int k = 0;
    const char *key;
    json_t *v;
    json_object_foreach(j, key, v) {
        assert_true(k < 8);
        assert_string_equal(key, keys[k++]);
    }
    assert_int_equal(k, 8);
    json_t *tricks = json_object_get(j, "tricks");
    assert_int_equal(json_array_size(tricks), 13);
    char *s = dump(json_pack("[OOOOOO]", json_object_get(j, "names"), json_object_get(j, "dealer"),
                             json_object_get(j, "seats"), json_object_get(j, "trump"),
                             json_object_get(j, "trump_card"), json_object_get(j, "result")));
    assert_string_equal(
        s, "[[\"human\",\"easy\"],1,{\"D\":1,\"L\":0,\"X\":1,\"N\":0},\"H\",\"9H\",{\"tricks\":[5,8],\"winne"
           "r\":1,\"points\":2,\"score\":[0,2]}]");
    free(s);
    s = dump(json_incref(json_array_get(tricks, 0)));
    assert_string_equal(
        s, "{\"number\":1,\"leader\":\"L\",\"cards\":[\"QC\",\"AC\",\"9C\",\"3C\"],\"seats\":[\"L\",\"X"
           "\",\"N\",\"D\"],\"winner\":\"X\",\"events\":[{\"seat\":\"L\",\"command\":\"high-clubs\",\""
           "card\":\"QC\",\"answer\":\"card\"},{\"seat\":\"X\",\"command\":\"beat\",\"card\":\"AC\",\""
           "answer\":\"card\"},{\"seat\":\"N\",\"command\":null,\"card\":\"9C\",\"answer\":\"card\""
           "},{\"seat\":\"D\",\"command\":null,\"card\":\"3C\",\"answer\":\"card\"}]}");
    free(s);
    s = dump(json_incref(json_array_get(tricks, 6))); /* an android's error, with its reason */
    assert_string_equal(
        s, "{\"number\":7,\"leader\":\"L\",\"cards\":[\"8H\",\"2S\",\"AH\",\"JH\"],\"seats\":[\"L\",\"X"
           "\",\"N\",\"D\"],\"winner\":\"N\",\"events\":[{\"seat\":\"L\",\"command\":\"high-hearts\","
           "\"card\":\"8H\",\"answer\":\"card\"},{\"seat\":\"X\",\"command\":\"duck\",\"card\":null,"
           "\"answer\":\"no_led_suit\",\"why\":\"holds no hearts, the suit led\"},{\"seat\":"
           "\"X\",\"command\":\"spades\",\"card\":\"2S\",\"answer\":\"card\"},{\"seat\":\"N\",\"comma"
           "nd\":null,\"card\":\"AH\",\"answer\":\"card\"},{\"seat\":\"D\",\"command\":null,\"card"
           "\":\"JH\",\"answer\":\"card\"}]}");
    free(s);
    json_decref(j);
    gw_record_file_free(&rec);
}

/* A record of two hands, and an unfinished hand: GW_EINVAL with GW_PROTOCOL_UNREPLAYABLE. */
static void unreplayable(void **state) {
    (void)state;
    size_t n = strlen(german_record);
    char *two = malloc(2 * n + 2);
    assert_non_null(two);
    memcpy(two, german_record, n);
    two[n] = '\n';
    memcpy(two + n + 1, german_record, n + 1);
    char *unfinished = strdup(german_record);
    assert_non_null(unfinished);
    char *end = strstr(unfinished, " 13. AS TS");
    assert_non_null(end);
    strcpy(end, "\n");
    const char *texts[] = {two, unfinished};
    for (int i = 0; i < 2; i++) {
        gw_record_file rec;
        gw_error err;
        if (gw_record_file_read(texts[i], strlen(texts[i]), &rec, &err) != GW_OK) continue;
        json_t *j = json_object();
        memset(&err, 0, sizeof err);
        assert_int_equal(gw_protocol_replay_hand(j, &rec, &err), GW_EINVAL);
        assert_int_equal(err.status, GW_EINVAL);
        assert_string_equal(err.msg, GW_PROTOCOL_UNREPLAYABLE);
        json_decref(j);
        gw_record_file_free(&rec);
    }
    gw_record_file rec;
    read_record(unfinished, &rec);
    gw_game g;
    gw_error err;
    assert_int_equal(gw_protocol_replay_deal(&g, &rec.hands[0].german, &err), GW_EINVAL);
    assert_string_equal(err.msg, GW_PROTOCOL_UNREPLAYABLE);
    gw_record_file_free(&rec);
    free(two);
    free(unfinished);
}

/* The review of player p's cards: the verdicts built in one go equal those built in parts, as whist serve
 * sends them; each entry and the summary have their fields in the documented order. */
static void review_fields(void **state) {
    (void)state;
    gw_record_file rec;
    read_record(german_record, &rec);
    const gw_record_hand *h = &rec.hands[0].german;
    gw_solver *solver = NULL;
    assert_int_equal(gw_solver_new(0, &solver), GW_OK);
    gw_hand_review *r = malloc(sizeof *r);
    assert_non_null(r);
    for (int p = 0; p < 2; p++) {
        gw_game g;
        gw_error err;
        assert_int_equal(gw_protocol_replay_deal(&g, h, &err), GW_OK);
        gw_review_options opt = gw_review_defaults(h->rules.scoring);
        opt.seats = 1u << p;
        opt.iterations = 10;
        assert_int_equal(gw_review_hand(&g, h->moves, h->nmoves, &opt, r, &err), GW_OK);
        gw_game whole = g, parts = g;
        json_t *verdicts = json_array(), *foreplay = json_array();
        gw_protocol_review_verdicts(&whole, p, h->moves, 0, h->nmoves, r, solver, verdicts, foreplay);
        assert_int_equal(gw_game_phase(&whole), GW_OVER);
        json_t *pv = json_array(), *pf = json_array();
        for (int from = 0; from < h->nmoves; from += 5) {
            int to = from + 5 < h->nmoves ? from + 5 : h->nmoves;
            gw_protocol_review_verdicts(&parts, p, h->moves, from, to, r, solver, pv, pf);
        }
        assert_true(json_equal(verdicts, pv));
        assert_true(json_equal(foreplay, pf));
        assert_int_equal(json_array_size(foreplay), r->judged[GW_FOREPLAY][p]);
        assert_int_equal(json_array_size(verdicts), 7); /* the endgame: one card a trick, all solved */
        size_t i;
        json_t *v;
        json_array_foreach(verdicts, i, v) {
            assert_int_equal(json_integer_value(json_object_get(v, "trick")), 8 + (int)i);
            assert_true(json_is_string(json_object_get(v, "card")));
            assert_true(json_is_integer(json_object_get(v, "value")));
            assert_true(json_is_integer(json_object_get(v, "best")));
        }
        json_array_foreach(foreplay, i, v) {
            assert_string_equal(json_string_value(json_object_get(v, "phase")), "foreplay");
            assert_int_equal(json_object_size(v), 8);
        }
        json_t *sum = gw_protocol_review_summary_json(r, &opt, p);
        assert_non_null(sum);
        const char *keys[] = {"unit",          "loss",         "se",
                              "foreplay_loss", "endgame_loss", "foreplay_cards",
                              "endgame_cards", "iterations",   "costliest"};
        int k = 0;
        const char *key;
        json_object_foreach(sum, key, v) {
            assert_true(k < 9);
            assert_string_equal(key, keys[k++]);
        }
        assert_int_equal(k, 9);
        assert_int_equal(json_integer_value(json_object_get(sum, "iterations")), 10);
        assert_int_equal(json_array_size(json_object_get(sum, "costliest")), r->nworst[p]);
        json_decref(sum);
        json_decref(verdicts);
        json_decref(foreplay);
        json_decref(pv);
        json_decref(pf);
    }
    free(r);
    gw_solver_free(solver);
    gw_record_file_free(&rec);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(german_fields),
        cmocka_unit_test(android_fields),
        cmocka_unit_test(unreplayable),
        cmocka_unit_test(review_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
