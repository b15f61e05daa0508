# Varnish 7 in front of the Klubb API instances (docs/deployment.md, "A shared cache in front").
# Tested by the scale suite (tests/scale/varnish.test.ts), which swaps the backends block for its
# own three instances and runs everything else as written here. What it holds to:
#
# - Varnish says who the client is, for which host and over what (X-Forwarded-For/-Host/-Proto),
#   dropping whatever the client sent; the instances name Varnish's address in TRUST_PROXY.
# - Visitor answers are kept as the server says (Cache-Control public, max-age,
#   stale-while-revalidate) and keyed as it says: URL and Host, plus the headers its Vary names
#   (X-App-Url, Origin, Accept-Language, Authorization). The brand of an answer comes from those
#   only, so one brand's answer never reaches another's visitors.
# - Member answers (any request with Authorization or a cookie) are never kept; neither is an
#   answer marked private, no-store or no-cache, nor one without Cache-Control.
# - X-Request-Id is never kept: each client gets its own (the one it sent, else Varnish's own
#   request id), also on a hit.
#
# Run: varnishd -a :80 -f /etc/varnish/default.vcl -s malloc,256m
# TLS: put a terminator in front that speaks the PROXY protocol (hitch, HAProxy) to a second
# listen address (-a 127.0.0.1:8443,PROXY); proxy.is_ssl() then tells https from http.

vcl 4.1;

import directors;
import proxy;
import std;

# BEGIN backends (the instances; tests/scale/varnish.test.ts writes its own here)
probe ready {
    .url = "/v1/ready";
    .interval = 5s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

backend api1 { .host = "api1"; .port = "8080"; .probe = ready; }
backend api2 { .host = "api2"; .port = "8080"; .probe = ready; }
backend api3 { .host = "api3"; .port = "8080"; .probe = ready; }

sub vcl_init {
    new api = directors.round_robin();
    api.add_backend(api1);
    api.add_backend(api2);
    api.add_backend(api3);
}
# END backends

sub vcl_recv {
    set req.backend_hint = api.backend();

    # What the client said about itself is dropped; Varnish says it.
    unset req.http.Forwarded;
    unset req.http.X-Real-IP;
    set req.http.X-Forwarded-For = client.ip;
    set req.http.X-Forwarded-Host = req.http.Host;
    if (proxy.is_ssl()) {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }

    # The client's request id when well-formed (the server takes the same), else Varnish's own:
    # echoed in vcl_deliver, never stored with an answer.
    if (req.http.X-Request-Id !~ "^[A-Za-z0-9._:-]{8,128}$") {
        set req.http.X-Request-Id = "varnish-" + req.xid;
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A member's request: their answer is theirs alone.
    if (req.http.Authorization || req.http.Cookie) {
        return (pass);
    }
    return (hash);
}

sub vcl_hash {
    # URL and Host (what picks the brand when no header does); Vary adds the rest per answer.
    hash_data(req.url);
    hash_data(req.http.Host);
    return (lookup);
}

sub vcl_backend_response {
    # Kept only what the server marked public; never a member's, never without Cache-Control.
    if (bereq.http.Authorization || bereq.http.Cookie
        || !beresp.http.Cache-Control
        || beresp.http.Cache-Control ~ "(?i)(private|no-store|no-cache)"
        || beresp.http.Cache-Control !~ "(?i)public"
        || beresp.http.Set-Cookie
        || beresp.http.Vary == "*") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # The request id is the client's, not the answer's.
    unset beresp.http.X-Request-Id;
    return (deliver);
}

sub vcl_deliver {
    set resp.http.X-Request-Id = req.http.X-Request-Id;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
    return (deliver);
}
