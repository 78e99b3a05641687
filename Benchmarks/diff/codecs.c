// PNG codecs Debian packages, side by side on one file, in one process: libpng (what Raster
// uses), libspng, and a minimal reader/writer of our own over libdeflate (8-bit RGB/RGBA,
// not interlaced: enough to time inflate/deflate + filtering). Each figure is the best of
// RUNS; every decoder's pixels are checked against libpng's.
//
//   cc -O2 -o codecs codecs.c -lpng16 -lspng -ldeflate -lz -lpthread   (libpng-dev libspng-dev libdeflate-dev)
//   ./codecs image.png [RUNS]                              (Benchmarks/diff/run-codecs.sh does both)
#define _GNU_SOURCE
#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <zlib.h>
#include <spng.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void *must(void *p) {
    if (!p) { fprintf(stderr, "out of memory\n"); exit(1); }
    return p;
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = must(malloc(*size));
    if (fread(bytes, 1, *size, f) != *size) { fprintf(stderr, "%s: short read\n", path); exit(1); }
    fclose(f);
    return bytes;
}

static uint32_t be32(const unsigned char *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

static unsigned char *decode_libpng(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) { fprintf(stderr, "libpng: %s\n", image.message); exit(1); }
    image.format = PNG_FORMAT_RGBA;
    *w = image.width, *h = image.height;
    unsigned char *out = must(malloc((size_t)image.width * image.height * 4));
    if (!png_image_finish_read(&image, NULL, out, 0, NULL)) { fprintf(stderr, "libpng: %s\n", image.message); exit(1); }
    return out;
}

static unsigned char *decode_spng_flags(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h, int flags) {
    spng_ctx *ctx = spng_ctx_new(flags);
    spng_set_png_buffer(ctx, data, size);
    struct spng_ihdr ihdr;
    size_t bytes;
    int error = spng_get_ihdr(ctx, &ihdr);
    if (!error) error = spng_decoded_image_size(ctx, SPNG_FMT_RGBA8, &bytes);
    unsigned char *out = error ? NULL : must(malloc(bytes));
    if (!error) error = spng_decode_image(ctx, out, bytes, SPNG_FMT_RGBA8, 0);
    if (error) { fprintf(stderr, "libspng: %s\n", spng_strerror(error)); exit(1); }
    spng_ctx_free(ctx);
    *w = ihdr.width, *h = ihdr.height;
    return out;
}

static unsigned char *decode_spng(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h) {
    return decode_spng_flags(data, size, w, h, 0);
}

// libpng's classic API, rows straight into the output, the zlib stream's Adler-32 not
// recomputed (chunk CRCs still checked): what Raster's own reader of 8-bit RGB and RGBA files
// does too, in Swift (its time is diff-bench's decode_ms).
typedef struct { const unsigned char *data; size_t size, offset; } memory_reader;
static void read_memory(png_structp png, png_bytep out, size_t length) {
    memory_reader *reader = png_get_io_ptr(png);
    if (length > reader->size - reader->offset) png_error(png, "read beyond end of data");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static unsigned char *decode_libpng_classic(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    memory_reader reader = { data, size, 0 };
    png_set_read_fn(png, &reader, read_memory);
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_read_info(png, info);
    if (png_get_color_type(png, info) == PNG_COLOR_TYPE_RGB) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    *w = png_get_image_width(png, info), *h = png_get_image_height(png, info);
    unsigned char *out = must(malloc((size_t)*w * *h * 4));
    for (uint32_t y = 0; y < *h; y++) png_read_row(png, out + (size_t)y * *w * 4, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return out;
}

static unsigned char *decode_spng_no_adler(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h) {
    return decode_spng_flags(data, size, w, h, SPNG_CTX_IGNORE_ADLER32);
}

static struct libdeflate_decompressor *inflater;

// Chunks (CRCs checked), IDATs joined, one libdeflate call, then the five row filters.
static unsigned char *decode_deflate(const unsigned char *data, size_t size, uint32_t *w, uint32_t *h) {
    uint32_t width = 0, height = 0;
    int color = 0;
    size_t joined = 0;
    unsigned char *idat = must(malloc(size));
    for (size_t p = 8; p + 12 <= size;) {
        uint32_t length = be32(data + p);
        if (length > size - p - 12) { fprintf(stderr, "bad chunk\n"); exit(1); }
        const unsigned char *type = data + p + 4;
        if (libdeflate_crc32(0, type, length + 4) != be32(type + 4 + length)) { fprintf(stderr, "bad CRC\n"); exit(1); }
        if (!memcmp(type, "IHDR", 4)) width = be32(type + 4), height = be32(type + 8), color = type[13];
        if (!memcmp(type, "IDAT", 4)) memcpy(idat + joined, type + 4, length), joined += length;
        p += 12 + length;
    }
    if (color != 2 && color != 6) { fprintf(stderr, "only 8-bit RGB and RGBA\n"); exit(1); }
    size_t bpp = color == 6 ? 4 : 3, stride = (size_t)width * bpp, rawSize = (stride + 1) * height, got;
    unsigned char *raw = must(malloc(rawSize));
    if (libdeflate_zlib_decompress(inflater, idat, joined, raw, rawSize, &got) || got != rawSize) {
        fprintf(stderr, "inflate failed\n");
        exit(1);
    }
    unsigned char *out = must(malloc((size_t)width * height * 4));
    unsigned char *previous = must(calloc(stride, 1)), *current = must(malloc(stride));
    for (uint32_t y = 0; y < height; y++) {
        const unsigned char *row = raw + y * (stride + 1), *s = row + 1;
        for (size_t i = 0; i < stride; i++) {
            int a = i >= bpp ? current[i - bpp] : 0, b = previous[i], c = i >= bpp ? previous[i - bpp] : 0, predictor = 0;
            switch (row[0]) {
            case 1: predictor = a; break;
            case 2: predictor = b; break;
            case 3: predictor = (a + b) >> 1; break;
            case 4: {
                int q = a + b - c, pa = abs(q - a), pb = abs(q - b), pc = abs(q - c);
                predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
                break;
            }
            }
            current[i] = (unsigned char)(s[i] + predictor);
        }
        unsigned char *target = out + (size_t)y * width * 4;
        if (bpp == 4) {
            memcpy(target, current, stride);
        } else {
            for (uint32_t x = 0; x < width; x++) {
                memcpy(target + 4 * x, current + 3 * x, 3);
                target[4 * x + 3] = 255;
            }
        }
        unsigned char *swap = previous;
        previous = current, current = swap;
    }
    free(raw), free(idat), free(previous), free(current);
    *w = width, *h = height;
    return out;
}

static void count_bytes(png_structp png, png_bytep data, size_t length) {
    (void)data;
    *(size_t *)png_get_io_ptr(png) += length;
}
static void no_flush(png_structp png) { (void)png; }

// Raster's settings: RGB when opaque, 128 KiB IDATs, rows streamed (output only counted).
static size_t encode_libpng(const unsigned char *rgba, uint32_t w, uint32_t h, int alpha, int level, int filters) {
    size_t written = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    png_set_write_fn(png, &written, count_bytes, no_flush);
    png_set_IHDR(png, info, w, h, 8, alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, 0, 0, 0);
    png_set_compression_level(png, level);
    png_set_filter(png, 0, filters);
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    if (!alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < h; y++) png_write_row(png, rgba + (size_t)y * w * 4);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return written;
}

static size_t encode_spng(const unsigned char *rgba, uint32_t w, uint32_t h, int alpha, int level, int filter) {
    spng_ctx *ctx = spng_ctx_new(SPNG_CTX_ENCODER);
    spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
    spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, level);
    spng_set_option(ctx, SPNG_FILTER_CHOICE, filter);
    struct spng_ihdr ihdr = { .width = w, .height = h, .bit_depth = 8,
                              .color_type = alpha ? SPNG_COLOR_TYPE_TRUECOLOR_ALPHA : SPNG_COLOR_TYPE_TRUECOLOR };
    spng_set_ihdr(ctx, &ihdr);
    size_t pixels = (size_t)w * h, bpp = alpha ? 4 : 3;
    unsigned char *source = must(malloc(pixels * bpp));
    for (size_t i = 0; i < pixels; i++) memcpy(source + i * bpp, rgba + i * 4, bpp);
    int error = spng_encode_image(ctx, source, pixels * bpp, SPNG_FMT_PNG, SPNG_ENCODE_FINALIZE);
    if (error) { fprintf(stderr, "libspng: %s\n", spng_strerror(error)); exit(1); }
    size_t length;
    free(spng_get_png_buffer(ctx, &length, &error));
    spng_ctx_free(ctx);
    free(source);
    return length;
}

// The up filter into one buffer, then one libdeflate call (it has no streaming interface).
static size_t encode_deflate(const unsigned char *rgba, uint32_t w, uint32_t h, int alpha, int level) {
    size_t bpp = alpha ? 4 : 3, stride = (size_t)w * bpp, rawSize = (stride + 1) * h;
    unsigned char *raw = must(malloc(rawSize));
    for (uint32_t y = 0; y < h; y++) {
        unsigned char *row = raw + y * (stride + 1);
        const unsigned char *pixel = rgba + (size_t)y * w * 4, *above = y ? pixel - (size_t)w * 4 : NULL;
        row[0] = 2;
        for (uint32_t x = 0; x < w; x++)
            for (size_t k = 0; k < bpp; k++) row[1 + x * bpp + k] = pixel[4 * x + k] - (above ? above[4 * x + k] : 0);
    }
    struct libdeflate_compressor *deflater = libdeflate_alloc_compressor(level);
    size_t bound = libdeflate_zlib_compress_bound(deflater, rawSize);
    unsigned char *z = must(malloc(bound));
    size_t length = libdeflate_zlib_compress(deflater, raw, rawSize, z, bound);
    libdeflate_free_compressor(deflater);
    free(raw), free(z);
    return length + 8 + 25 + 12 + 12; // signature, IHDR, one IDAT's framing, IEND
}

// Raster's diff image writer (PNGPartsWriter): parts of about 2 MiB of up-filtered rows, each
// deflated on its own (zlib 3, raw, a sync flush between parts), on two threads taking parts in
// turn; the output is only counted (the framing adds 12 bytes a part).
typedef struct { const unsigned char *rgba; uint32_t w, h, rows; int alpha, next, parts; size_t bytes; pthread_mutex_t lock; } parts_job;

static void *parts_worker(void *argument) {
    parts_job *job = argument;
    size_t bpp = job->alpha ? 4 : 3, stride = (size_t)job->w * bpp;
    unsigned char *row = must(malloc(stride + 1)), *out = must(malloc(1 << 16));
    for (;;) {
        pthread_mutex_lock(&job->lock);
        int part = job->next++;
        pthread_mutex_unlock(&job->lock);
        if (part >= job->parts) break;
        uint32_t first = part * job->rows, end = first + job->rows < job->h ? first + job->rows : job->h;
        z_stream stream;
        memset(&stream, 0, sizeof stream);
        deflateInit2(&stream, 3, Z_DEFLATED, -15, 8, Z_FILTERED);
        uLong adler = adler32(0, NULL, 0);
        size_t produced = 0;
        for (uint32_t y = first; y < end; y++) {
            const unsigned char *pixel = job->rgba + (size_t)y * job->w * 4, *above = y ? pixel - (size_t)job->w * 4 : NULL;
            row[0] = 2;
            for (uint32_t x = 0; x < job->w; x++)
                for (size_t k = 0; k < bpp; k++) row[1 + x * bpp + k] = pixel[4 * x + k] - (above ? above[4 * x + k] : 0);
            adler = adler32(adler, row, (uInt)(stride + 1));
            stream.next_in = row, stream.avail_in = (uInt)(stride + 1);
            int flush = y + 1 < end ? Z_NO_FLUSH : end == job->h ? Z_FINISH : Z_SYNC_FLUSH;
            do {
                stream.next_out = out, stream.avail_out = 1 << 16;
                deflate(&stream, flush);
                produced += (1 << 16) - stream.avail_out;
            } while (stream.avail_out == 0);
        }
        deflateEnd(&stream);
        pthread_mutex_lock(&job->lock);
        job->bytes += produced + 12;
        pthread_mutex_unlock(&job->lock);
        (void)adler;
    }
    free(row), free(out);
    return NULL;
}

static size_t encode_parts(const unsigned char *rgba, uint32_t w, uint32_t h, int alpha, int threads) {
    size_t stride = (size_t)w * (alpha ? 4 : 3);
    uint32_t rows = (uint32_t)((1 << 21) / (stride + 1));
    if (rows == 0) rows = 1;
    parts_job job = { rgba, w, h, rows, alpha, 0, (int)((h + rows - 1) / rows), 0, PTHREAD_MUTEX_INITIALIZER };
    pthread_t workers[8];
    for (int t = 0; t < threads; t++) pthread_create(&workers[t], NULL, parts_worker, &job);
    for (int t = 0; t < threads; t++) pthread_join(workers[t], NULL);
    return job.bytes + 2 + 4 + 8 + 25 + 12; // zlib header, Adler-32, signature, IHDR, IEND
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: codecs image.png [runs]\n"); return 2; }
    int runs = argc > 2 ? atoi(argv[2]) : 5;
    inflater = libdeflate_alloc_decompressor();
    size_t size;
    unsigned char *data = read_file(argv[1], &size);
    uint32_t w, h;
    unsigned char *reference = decode_libpng(data, size, &w, &h);
    size_t bytes = (size_t)w * h * 4;
    unsigned char *check = decode_spng(data, size, &w, &h);
    printf("libspng pixels equal libpng's: %s\n", memcmp(check, reference, bytes) ? "NO" : "yes");
    free(check);
    check = decode_deflate(data, size, &w, &h);
    printf("libdeflate reader's pixels equal libpng's: %s\n", memcmp(check, reference, bytes) ? "NO" : "yes");
    free(check);
    check = decode_libpng_classic(data, size, &w, &h);
    printf("libpng classic pixels equal the simplified API's: %s\n", memcmp(check, reference, bytes) ? "NO" : "yes");
    free(check);
    int alpha = 0;
    for (size_t i = 3; i < bytes && !alpha; i += 4) alpha = reference[i] != 255;

    double best;
    size_t length = 0;
#define BEST(label, expression) \
    do { \
        best = 1e18; \
        for (int run = 0; run < runs; run++) { \
            double start = now_ms(); \
            expression; \
            double elapsed = now_ms() - start; \
            if (elapsed < best) best = elapsed; \
        } \
        printf("%-40s %8.1f ms", label, best); \
        if (length) printf(" %9zu bytes", length); \
        printf("\n"); \
    } while (0)

    printf("decode %s (%ux%u, %zu bytes)\n", argv[1], w, h, size);
    BEST("  libpng simplified API (Raster: other files)", free(decode_libpng(data, size, &w, &h)));
    BEST("  libpng classic, no Adler-32", free(decode_libpng_classic(data, size, &w, &h)));
    BEST("  libspng", free(decode_spng(data, size, &w, &h)));
    BEST("  libspng, no Adler-32", free(decode_spng_no_adler(data, size, &w, &h)));
    BEST("  libdeflate + own filters", free(decode_deflate(data, size, &w, &h)));
    printf("encode the same pixels (%s)\n", alpha ? "RGBA" : "RGB");
    BEST("  libpng zlib 3, up (Raster's fast)", length = encode_libpng(reference, w, h, alpha, 3, PNG_FILTER_UP));
    BEST("  libpng zlib 9, all (Raster's compact)", length = encode_libpng(reference, w, h, alpha, 9, PNG_ALL_FILTERS));
    BEST("  libspng zlib 3, up", length = encode_spng(reference, w, h, alpha, 3, SPNG_FILTER_CHOICE_UP));
    BEST("  zlib 3, up, 2 MiB parts, 1 thread", length = encode_parts(reference, w, h, alpha, 1));
    BEST("  zlib 3, up, 2 MiB parts, 2 threads (diff)", length = encode_parts(reference, w, h, alpha, 2));
    for (int level = 1; level <= 9; level += level < 4 ? 1 : 5) {
        char label[64];
        snprintf(label, sizeof label, "  libdeflate level %d, up", level);
        BEST(label, length = encode_deflate(reference, w, h, alpha, level));
    }
    return 0;
}
