/* bench_record.c: record files read per second: a file of random German Whist hands, one of Android Whist
 * hands and one of both, each read as `whist check` and `whist replay` read them (gw_record_file_read, once)
 * and through each game's reader (gw_record_read, gw_android_record_read). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gw/android_record.h"
#include "gw/game.h"
#include "gw/record.h"
#include "gw/record_file.h"

/* The process's CPU time: steadier than the wall clock on a machine shared with other work. */
static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A finished Android Whist hand (the spec's example): the same deal each time, read as any other. */
static const char ANDROID_HAND[] =
    "[Game \"Android Whist\"]\n"
    "[Dealer \"1\"]\n"
    "[Deck \"AH 8H 4H TH KH 7H 3H 9H QH TS 2H 6H JH 9S 7S 5H AS 8S 6S 4S KS JD 5S 3S QS TD 8D 2S JS 9D 7D "
    "5D AD QC 6D 4D KD JC 7C 3D QD TC 6C 2D AC 9C 5C 3C KC 8C 4C 2C\"]\n"
    "[Result \"3-10\"]\n"
    "\n"
    "1. longest! high-hearts=AH duck=7H 2H 9H\n"
    "2. high-hearts=KH duck=8H 3H 6H\n"
    "3. longest=JS high=8S 5S 2S\n"
    "4. high-spades=AS beat=9S 6S 4S\n"
    "5. shortest! high-clubs=AC high=8C 6C 2C\n"
    "6. high-diamonds=AD beat=9D 7D 5D\n"
    "7. high-shortest! longest! high-shortest! high-diamonds=KD beat=TD 8D 2D\n"
    "8. diamonds=QD duck=JD 6D 3D\n"
    "9. longest! high-diamonds! diamonds! shortest! hearts=JH beat=9C 4H 5H\n"
    "10. longest=TC 5C 3C duck=KC\n"
    "11. high-clubs! high-diamonds! longest=QS high=TS 7S 3S\n"
    "12. high-spades=KS beat=JC 4C TH\n"
    "13. high-shortest! shortest! shortest! clubs=QC 7C 4D beat! longest=QH\n";

/* Appends a random classic German Whist hand, played to the end, as record text. */
static void german_hand(gw_rng *rng, int dealer, gw_text *out) {
    gw_card deck[GW_MAX_DECK];
    gw_game g;
    gw_deck_shuffled(GW_CLASSIC, rng, deck);
    gw_game_deal(&g, GW_CLASSIC, deck, dealer, NULL);
    while (gw_game_phase(&g) != GW_OVER) {
        gw_cards legal = gw_game_legal(&g);
        gw_game_play(&g, gw_nth(legal, (int)gw_rng_below(rng, (uint32_t)gw_count(legal))), NULL);
    }
    gw_record_hand h;
    gw_record_hand_from_game(&h, &g, (gw_match_rules){GW_CLASSIC, GW_LAST13, GW_TARGET_DEFAULT}, 0);
    gw_record_write_hand(&h, out);
    gw_record_hand_clear(&h);
}

/* Reads text `times` times with reader r (0 the file reader, 1 German Whist's, 2 Android Whist's); returns
 * the hands read, valid ones counted twice (a checksum). */
static long read_times(const gw_text *text, int r, int times) {
    long check = 0;
    gw_error err;
    for (int t = 0; t < times; t++) {
        if (r == 0) {
            gw_record_file f;
            if (gw_record_file_read(text->data, text->len, &f, &err) != GW_OK) exit(1);
            for (int i = 0; i < f.count; i++)
                check += 1 + (gw_record_file_error(&f.hands[i])->status == GW_OK);
            gw_record_file_free(&f);
        } else if (r == 1) {
            gw_record g;
            if (gw_record_read(text->data, text->len, &g, &err) != GW_OK) exit(1);
            for (int i = 0; i < g.count; i++)
                check += 1 + (g.hands[i].error.status == GW_OK);
            gw_record_free(&g);
        } else {
            gw_android_record a;
            if (gw_android_record_read(text->data, text->len, &a, &err) != GW_OK) exit(1);
            for (int i = 0; i < a.count; i++)
                check += 1 + (a.hands[i].is_android && a.hands[i].error.status == GW_OK);
            gw_android_record_free(&a);
        }
    }
    return check;
}

int main(int argc, char **argv) {
    int hands = argc > 1 ? atoi(argv[1]) : 1000, times = argc > 2 ? atoi(argv[2]) : 20;
    if (hands <= 0 || times <= 0) {
        fprintf(stderr, "usage: bench_record [HANDS [TIMES]]\n");
        return 2;
    }
    gw_text files[3] = {{0}, {0}, {0}};
    static const char *const FILE_NAMES[3] = {"German Whist", "Android Whist", "both, alternating"};
    gw_rng rng;
    gw_rng_seed(&rng, 12345);
    for (int i = 0; i < hands; i++) {
        if (i) {
            for (int k = 0; k < 3; k++)
                gw_text_putc(&files[k], '\n');
        }
        german_hand(&rng, i & 1, &files[0]);
        gw_text_puts(&files[1], ANDROID_HAND);
        if (i & 1)
            gw_text_puts(&files[2], ANDROID_HAND);
        else
            german_hand(&rng, 0, &files[2]);
    }
    static const char *const READERS[3] = {"gw_record_file_read", "gw_record_read", "gw_android_record_read"};
    printf("bench_record: files of %d hands, each read %d times, one core, CPU time (records = hands)\n",
           hands, times);
    for (int k = 0; k < 3; k++) {
        if (files[k].failed) return 1;
        printf("%s (%zu bytes):\n", FILE_NAMES[k], files[k].len);
        for (int r = 0; r < 3; r++) {
            read_times(&files[k], r, 1); /* warm up */
            double t0 = now_seconds();
            long check = read_times(&files[k], r, times);
            double dt = now_seconds() - t0;
            printf("  %-24s %10.0f records/s  (%.2f ms a file, checksum %ld)\n", READERS[r],
                   (double)hands * times / dt, dt * 1e3 / times, check);
        }
    }
    for (int k = 0; k < 3; k++)
        gw_text_free(&files[k]);
    return 0;
}
