// Typed wrappers over libcurl's variadic functions, which Swift cannot call.
// One wrapper per argument kind; no logic.
#ifndef ITEMFEED_CCURL_SHIM_H
#define ITEMFEED_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*itemfeed_curl_data_callback)(char *data, size_t size, size_t count, void *user);

static inline CURLcode itemfeed_curl_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode itemfeed_curl_easy_setopt_off_t(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode itemfeed_curl_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode itemfeed_curl_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode itemfeed_curl_easy_setopt_data_callback(CURL *easy, CURLoption option, itemfeed_curl_data_callback value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode itemfeed_curl_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode itemfeed_curl_easy_getinfo_string(CURL *easy, CURLINFO info, char **value) {
    return curl_easy_getinfo(easy, info, value);
}

#endif
