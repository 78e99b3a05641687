// The raw-cairo floor for the render benchmark: what a hand-written C program spends drawing a
// diagram of the same size and the same amount of content as `render-bench`'s, with nothing
// else (no layout, no label placement), then writing it as PNG — once with cairo's own writer
// and once with libpng tuned the way Raster's `fast` preset is (zlib 3, the up filter, RGB).
//
//   peer WIDTH HEIGHT VIEWS LINES LABELS SCALE FONT.ttf ROUNDS
//
// Prints the median of ROUNDS for each phase, in ms.
#include <cairo.h>
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, n, sizeof *v, compare);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct { unsigned char *data; size_t size, capacity; } buffer;

static cairo_status_t cairo_sink(void *closure, const unsigned char *data, unsigned int length) {
    buffer *b = closure;
    if (b->size + length > b->capacity) {
        while (b->size + length > b->capacity) b->capacity = b->capacity ? b->capacity * 2 : 1 << 20;
        b->data = realloc(b->data, b->capacity);
    }
    memcpy(b->data + b->size, data, length);
    b->size += length;
    return CAIRO_STATUS_SUCCESS;
}

static void png_sink(png_structp png, png_bytep data, size_t length) {
    cairo_sink(png_get_io_ptr(png), data, (unsigned int)length);
}

static void png_flush(png_structp png) { (void)png; }

// Tuned libpng: RGB (the X byte stripped), BGR swapped by libpng, zlib 3, the up filter.
static size_t tuned_png(cairo_surface_t *surface) {
    buffer b = {0};
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    unsigned char *pixels = cairo_image_surface_get_data(surface);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed\n"); exit(1); }
    png_set_write_fn(png, &b, png_sink, png_flush);
    png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 3);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < h; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    size_t size = b.size;
    free(b.data);
    return size;
}

int main(int argc, char **argv) {
    if (argc != 9) {
        fprintf(stderr, "usage: peer WIDTH HEIGHT VIEWS LINES LABELS SCALE FONT.ttf ROUNDS\n");
        return 2;
    }
    int width = atoi(argv[1]), height = atoi(argv[2]), views = atoi(argv[3]), lines = atoi(argv[4]);
    int labels = atoi(argv[5]);
    double scale = atof(argv[6]);
    int rounds = atoi(argv[8]);
    FT_Library library;
    FT_Face face;
    if (FT_Init_FreeType(&library) || FT_New_Face(library, argv[7], 0, &face)) {
        fprintf(stderr, "cannot load %s\n", argv[7]);
        return 2;
    }
    cairo_font_face_t *font = cairo_ft_font_face_create_for_ft_face(face, FT_LOAD_NO_HINTING);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);

    double *draw = calloc(rounds, sizeof(double)), *cairo_png = calloc(rounds, sizeof(double));
    double *libpng = calloc(rounds, sizeof(double));
    size_t cairo_bytes = 0, tuned_bytes = 0;
    // The content is spread over the top of the canvas the way the diagram's is (its layout
    // above, the legend's text below): views in a grid, each line and label inside a view.
    int columns = 10, rows = (views + columns - 1) / columns;
    double cell_w = width / scale / columns, cell_h = (height / scale * 0.4) / (rows ? rows : 1);
    for (int r = 0; r < rounds; r++) {
        double t0 = now();
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        cairo_t *cr = cairo_create(surface);
        cairo_set_font_face(cr, font);
        cairo_set_font_options(cr, options);
        cairo_set_source_rgb(cr, 0.99, 0.99, 0.99);
        cairo_paint(cr);
        cairo_scale(cr, scale, scale);
        cairo_set_line_width(cr, 1);
        for (int i = 0; i < views; i++) {
            double x = (i % columns) * cell_w + 4, y = (i / columns) * cell_h + 4;
            cairo_rectangle(cr, x, y, cell_w - 8, cell_h - 8);
            cairo_set_source_rgb(cr, 0.89, 0.93, 0.98);
            cairo_fill_preserve(cr);
            cairo_set_source_rgb(cr, 0.49, 0.61, 0.81);
            cairo_stroke(cr);
        }
        cairo_set_source_rgb(cr, 0.11, 0.43, 0.84);
        for (int i = 0; i < lines; i++) {
            int v = i % (views ? views : 1);
            double x = (v % columns) * cell_w + 10 + (i % 3) * 12, y = (v / columns) * cell_h + 10 + (i % 5) * 8;
            // An I-bar: the line and its two caps.
            cairo_move_to(cr, x, y);
            cairo_line_to(cr, x + 40, y);
            cairo_move_to(cr, x, y - 3);
            cairo_line_to(cr, x, y + 3);
            cairo_move_to(cr, x + 40, y - 3);
            cairo_line_to(cr, x + 40, y + 3);
            cairo_stroke(cr);
        }
        cairo_set_font_size(cr, 9);
        for (int i = 0; i < labels; i++) {
            int v = i % (views ? views : 1);
            double x = (v % columns) * cell_w + 12, y = (v / columns) * cell_h + 20 + (i % 4) * 10;
            cairo_set_source_rgba(cr, 1, 1, 1, 0.92);
            cairo_rectangle(cr, x - 2, y - 9, 26, 12);
            cairo_fill(cr);
            cairo_set_source_rgb(cr, 0.11, 0.43, 0.84);
            cairo_move_to(cr, x, y);
            cairo_show_text(cr, i % 2 ? "title12" : "= 16");
        }
        cairo_surface_flush(surface);
        if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cairo failed\n"); return 1; }
        draw[r] = now() - t0;

        buffer b = {0};
        t0 = now();
        cairo_surface_write_to_png_stream(surface, cairo_sink, &b);
        cairo_png[r] = now() - t0;
        cairo_bytes = b.size;
        free(b.data);

        t0 = now();
        tuned_bytes = tuned_png(surface);
        libpng[r] = now() - t0;
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
    printf("peer draw %.2f ms\n", median(draw, rounds) * 1000);
    printf("peer cairo_png %.2f ms %zu bytes\n", median(cairo_png, rounds) * 1000, cairo_bytes);
    printf("peer tuned_png %.2f ms %zu bytes\n", median(libpng, rounds) * 1000, tuned_bytes);
    return 0;
}
