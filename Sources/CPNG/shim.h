// CPNG: libpng for the Raster module, and nothing else imports it.
//
// Decoding uses libpng's simplified `png_image` API straight from Swift: it reports errors
// through the struct, so no setjmp is involved.
//
// One exception on the read side, `cpng_decode_classic`, works around a libpng bug with
// 16-bit interlaced files (see there).
//
// Encoding needs zlib level and filter control, which the simplified write API does not
// expose, so it uses the classic API. The classic API reports errors by longjmp-ing out of
// its error callback. A longjmp across Swift frames is undefined behaviour (it skips Swift's
// cleanups and reference counting), so the whole classic-API session lives in the one C
// function below, `cpng_encode`: it calls setjmp itself, every libpng call and every
// callback that can longjmp runs beneath that C frame, and Swift only ever sees a status
// code and libpng's message. Keeping it here, rather than in a separate C target, keeps
// libpng behind exactly one module (the GRDB rule: the system library target holds only
// the modulemap and this header).
//
// zlib (which libpng itself needs, so it is there wherever libpng is) is exposed too, for
// Raster's own parallel PNG writer (`PNGPartsWriter`) and its reader of plain 8-bit files
// (`PNGPlainDecoder`).
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <zlib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// `PNG_FORMAT_RGBA` as a constant Swift can import (the macro is an expression).
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

/// A growable byte buffer the encoder writes the PNG stream into. Free with `cpng_buffer_free`.
typedef struct cpng_buffer {
    unsigned char *data;
    size_t size;
    size_t capacity;
} cpng_buffer;

/// Releases the memory of a buffer filled by `cpng_encode` (safe on an empty buffer).
static inline void cpng_buffer_free(cpng_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

typedef struct cpng_error_context {
    jmp_buf jump;
    char message[256];
} cpng_error_context;

static void cpng_on_error(png_structp png, png_const_charp message) {
    cpng_error_context *context = (cpng_error_context *)png_get_error_ptr(png);
    strncpy(context->message, message ? message : "unknown libpng error", sizeof context->message - 1);
    context->message[sizeof context->message - 1] = 0;
    longjmp(context->jump, 1);
}

static void cpng_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; // warnings (for example about ancillary chunks) do not fail a write
}

static void cpng_on_write(png_structp png, png_bytep data, size_t length) {
    cpng_buffer *buffer = (cpng_buffer *)png_get_io_ptr(png);
    if (length > SIZE_MAX - buffer->size) {
        png_error(png, "PNG stream too large");
    }
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 65536;
        while (capacity < buffer->size + length) {
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory while writing PNG");
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, data, length);
    buffer->size += length;
}

static void cpng_on_flush(png_structp png) {
    (void)png;
}

/// Copies `text` into the caller's message buffer, always NUL-terminated.
static inline void cpng_copy_message(char *message, size_t message_size, const char *text) {
    strncpy(message, text, message_size - 1);
    message[message_size - 1] = 0;
}

/// Hands the encoder row `y` (0 ..< height, asked for in order, each once): `width * 4` bytes
/// that must stay valid until the next call. NULL stops the encoding with an error.
typedef const unsigned char *(*cpng_row_provider)(void *context, png_uint_32 y);

/// Encodes 8-bit straight-alpha RGBA rows, asked for one by one from `provider`, as a PNG: the
/// whole image never has to be in memory. The same stream `cpng_encode` writes for the same rows.
///
/// - Parameters:
///   - provider, context: where the rows come from.
///   - width, height: the size in pixels (both at least 1).
///   - keep_alpha: nonzero writes colour type RGBA; zero writes RGB and drops every fourth byte.
///   - bgr: nonzero when the pixels are stored blue, green, red, alpha (for example cairo's
///     ARGB32 on a little-endian machine); libpng swaps them while writing.
///   - level: zlib level 0...9.
///   - filters: a set of PNG_FILTER_* bits (for example 0x08 for none, 0xF8 for all).
///   - strategy: a zlib strategy (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3),
///     or -1 for libpng's choice (Z_FILTERED when filters are used, else the default).
///   - initial_capacity: a guess of the output size, to avoid regrowing the buffer.
///   - out: receives the stream; the caller frees it with `cpng_buffer_free` in every case.
///   - message: receives libpng's message on failure (`message_size` bytes, NUL-terminated).
/// - Returns: 0 on success, 1 on failure.
static inline int cpng_encode_rows(cpng_row_provider provider, void *context_pointer, png_uint_32 width, png_uint_32 height,
                                   int keep_alpha, int bgr, int level, int filters, int strategy, size_t initial_capacity,
                                   cpng_buffer *out, char *message, size_t message_size) {
    cpng_error_context context;
    context.message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, cpng_on_error, cpng_on_warning);
    if (png == NULL) {
        cpng_copy_message(message, message_size, "png_create_write_struct failed");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        cpng_copy_message(message, message_size, "png_create_info_struct failed");
        return 1;
    }
    if (initial_capacity > 0 && out->data == NULL) {
        out->data = (unsigned char *)malloc(initial_capacity);
        out->capacity = out->data ? initial_capacity : 0;
    }
    // Nothing below modifies a local variable after this point, so no local needs `volatile`.
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        cpng_copy_message(message, message_size, context.message);
        return 1;
    }
    png_set_write_fn(png, out, cpng_on_write, cpng_on_flush);
    png_set_IHDR(png, info, width, height, 8,
                 keep_alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    if (strategy >= 0) {
        png_set_compression_strategy(png, strategy);
    }
    // Bigger IDAT chunks: fewer chunk headers and CRCs for large images.
    png_set_compression_buffer_size(png, 1 << 17);
    png_write_info(png, info);
    if (bgr) {
        png_set_bgr(png);
    }
    if (!keep_alpha) {
        png_set_filler(png, 0, PNG_FILLER_AFTER); // on write: strip the alpha byte of each pixel
    }
    for (png_uint_32 y = 0; y < height; y++) {
        const unsigned char *row = provider(context_pointer, y);
        if (row == NULL) {
            png_error(png, "the diff image's rows could not be produced");
        }
        png_write_row(png, (png_const_bytep)row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return 0;
}

typedef struct cpng_contiguous {
    const unsigned char *base;
    size_t stride;
} cpng_contiguous;

static const unsigned char *cpng_contiguous_row(void *context, png_uint_32 y) {
    const cpng_contiguous *pixels = (const cpng_contiguous *)context;
    return pixels->base + (size_t)y * pixels->stride;
}

/// Encodes 8-bit straight-alpha RGBA pixels (rows of `width * 4` bytes, no padding) as a PNG.
///
/// - Parameters:
///   - rgba: the pixels.
///   - the others: as for `cpng_encode_rows`.
/// - Returns: 0 on success, 1 on failure.
static inline int cpng_encode(const unsigned char *rgba, png_uint_32 width, png_uint_32 height,
                              int keep_alpha, int bgr, int level, int filters, int strategy, size_t initial_capacity,
                              cpng_buffer *out, char *message, size_t message_size) {
    cpng_contiguous pixels = { rgba, (size_t)width * 4 };
    return cpng_encode_rows(cpng_contiguous_row, &pixels, width, height, keep_alpha, bgr, level, filters, strategy,
                            initial_capacity, out, message, message_size);
}

typedef struct cpng_reader {
    const unsigned char *data;
    size_t size;
    size_t offset;
} cpng_reader;

static void cpng_on_read(png_structp png, png_bytep out, size_t length) {
    cpng_reader *reader = (cpng_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        png_error(png, "read beyond end of data");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

/// Decodes a PNG to 8-bit straight RGBA with libpng's classic API, for the one case the
/// simplified API gets wrong in libpng 1.6.39: 16-bit *interlaced* files read into an 8-bit
/// format come out with the rows of the early Adam7 passes lost. Here the 16-bit samples
/// are scaled (`png_set_scale_16`, so `v * 257` gives `v`, as the simplified API does for
/// sRGB files) and every colour type is expanded to RGBA; no gamma correction is applied.
///
/// - Parameters:
///   - data, size: the PNG stream (the caller has already checked its header and size).
///   - width, height: the size the caller read from the header; the output holds
///     `width * height * 4` bytes.
///   - out: the output pixels.
///   - message: receives libpng's message on failure.
/// - Returns: 0 on success, 1 on failure.
static inline int cpng_decode_classic(const unsigned char *data, size_t size, png_uint_32 width, png_uint_32 height,
                                      unsigned char *out, char *message, size_t message_size) {
    cpng_error_context context;
    context.message[0] = 0;
    cpng_reader reader = { data, size, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, cpng_on_error, cpng_on_warning);
    if (png == NULL) {
        cpng_copy_message(message, message_size, "png_create_read_struct failed");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        cpng_copy_message(message, message_size, "png_create_info_struct failed");
        return 1;
    }
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        cpng_copy_message(message, message_size, context.message);
        return 1;
    }
    png_set_read_fn(png, &reader, cpng_on_read);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        png_error(png, "image size changed while reading");
    }
    png_byte color_type = png_get_color_type(png, info);
    png_set_scale_16(png);
    png_set_expand(png); // palette to RGB, gray below 8 bits to 8, tRNS to alpha
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER); // no effect when there already is alpha
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row size after transforms");
    }
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            png_read_row(png, out + (size_t)y * width * 4, NULL);
        }
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

/// Starts a raw deflate stream (no zlib header or checksum; 32 KiB window, zlib's default
/// memory level) for Raster's own PNG writer, which frames the stream itself. `deflateInit2`
/// is a macro Swift cannot call.
///
/// - Returns: zlib's status (Z_OK on success).
static inline int cpng_deflate_init_raw(z_stream *stream, int level, int strategy) {
    memset(stream, 0, sizeof *stream);
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, strategy);
}

/// Starts a raw inflate stream (no zlib header or checksum) for Raster's own reader of plain
/// 8-bit files, which checks the header itself and leaves the Adler-32 to the chunks' CRCs.
/// `inflateInit2` is a macro Swift cannot call.
///
/// - Returns: zlib's status (Z_OK on success).
static inline int cpng_inflate_init_raw(z_stream *stream) {
    memset(stream, 0, sizeof *stream);
    return inflateInit2(stream, -15);
}

#endif
