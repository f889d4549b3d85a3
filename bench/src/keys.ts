/**
 * What `npm run bench` must report: the required keys of bench/results.json and the targets
 * each figure is judged against. Shared by bench/run.ts and the key test.
 */

export type Comparison = '>=' | '<=' | '<';

export interface Target {
  op: Comparison;
  value: number;
}

export interface Metric {
  key: string;
  unit: string;
  /** Human description for the table. */
  label: string;
  target?: Target;
}

const ge = (value: number): Target => ({ op: '>=', value });
const le = (value: number): Target => ({ op: '<=', value });
const lt = (value: number): Target => ({ op: '<', value });

/**
 * Set from two runs (ADR 009, eleventh pass, where the figures they rest on are): a checkout may cost
 * up to 60 bare appends of its events (42.7 and 152 on a loaded host whose bare burst's p99 swung
 * 3–15 ms; about 20–40 where the host does not stall the burst), a knowledge search up to 3 linear
 * scans of the same entries (1.28 and 2.42).
 */
const CHECKOUT_VS_APPEND = 60;
const KB_SEARCH_VS_SCAN = 3;

/**
 * Issue 44's keys are required once a full run has written them into bench/results.json (the key
 * test reads that file); until then a run reports them without requiring them.
 */
const NEW_KEYS_REQUIRED = false;

/** Every figure printed in the table, in table order. `required` ones must be in results.json. */
export const METRICS: readonly (Metric & { required: boolean })[] = [
  { key: 'append_per_s_1_writer', unit: 'events/s', label: 'append, 1 writer (SQLite)', target: ge(10_000), required: true },
  { key: 'append_per_s_8_writers', unit: 'events/s', label: 'append, 8 async writers', target: ge(10_000), required: true },
  // Issue 44: Emmett's SQLite store (@event-driven-io/emmett-sqlite) in alternating trials. A peer that fails is counted, not hidden;
  // its ratio is missing when it appended nothing.
  { key: 'append_emmett_per_s_1_writer', unit: 'events/s', label: "Emmett's SQLite store, 1 writer (peer)", required: NEW_KEYS_REQUIRED },
  { key: 'append_emmett_per_s_8_writers', unit: 'events/s', label: "Emmett's SQLite store, 8 async writers (peer; appends that succeeded)", required: NEW_KEYS_REQUIRED },
  { key: 'append_emmett_failed_1_writer', unit: 'appends', label: "Emmett's appends that threw, 1 writer", required: NEW_KEYS_REQUIRED },
  { key: 'append_emmett_failed_8_writers', unit: 'appends', label: "Emmett's appends that threw, 8 writers", required: NEW_KEYS_REQUIRED },
  { key: 'append_vs_emmett_ratio_1_writer', unit: 'ratio', label: "ours / Emmett's appends per second, 1 writer (median of 3 pairs)", target: ge(10), required: false },
  { key: 'append_vs_emmett_ratio_8_writers', unit: 'ratio', label: "ours / Emmett's appends per second, 8 writers (median of 3 pairs)", target: ge(10), required: false },
  { key: 'lag_p50_ms', unit: 'ms', label: 'command → read model lag p50 (poll)', required: true },
  { key: 'lag_p99_ms', unit: 'ms', label: 'command → read model lag p99 (poll)', target: le(50), required: true },
  { key: 'lag_rw_p50_ms', unit: 'ms', label: 'X-Min-Position read p50', required: false },
  { key: 'lag_rw_p99_ms', unit: 'ms', label: 'X-Min-Position read p99', target: le(50), required: true },
  { key: 'rebuild_per_s', unit: 'events/s', label: 'projection rebuild (100k events)', required: true },
  { key: 'read_log_per_s', unit: 'events/s', label: 'the same log read and JSON.parse-d, nothing applied (bare)', required: NEW_KEYS_REQUIRED },
  { key: 'rebuild_vs_read_ratio', unit: 'ratio', label: 'rebuild / bare read of the log (median of 3 pairs)', target: ge(0.25), required: NEW_KEYS_REQUIRED },
  { key: 'cold_start_3m_ms', unit: 'ms', label: 'first start on a 3 M-event log, to the first answer (no snapshot: replays it)', required: true },
  { key: 'restart_3m_ms', unit: 'ms', label: 'start after a clean stop, 3 M events (loads the snapshot)', target: le(3_000), required: true },
  { key: 'crash_restart_3m_ms', unit: 'ms', label: 'start after kill -9, 3 M events (snapshot + 10,000 views after it)', target: le(3_000), required: true },
  { key: 'cold_start_1m_ms', unit: 'ms', label: 'first start on a 1 M-event log', required: false },
  { key: 'rss_after_start_3m_mb', unit: 'MB', label: 'RSS after the first start, 3 M events', required: false },
  { key: 'rss_after_restart_3m_mb', unit: 'MB', label: 'RSS after a restart, 3 M events', required: false },
  { key: 'market_cold_start_ms', unit: 'ms', label: 'market log (50,000 offers of one model): first start to its first offers page', target: le(10_000), required: false },
  { key: 'market_rebuild_per_s', unit: 'events/s', label: 'market log: read models rebuilt', target: ge(50_000), required: false },
  { key: 'offer_listed_p99_ms', unit: 'ms', label: 'market: an offer event of the big model → its first page (X-Min-Position)', target: le(20), required: false },
  { key: 'model_offers_p99_ms', unit: 'ms', label: 'market: the big model\'s first offers page with facets', target: le(20), required: false },
  { key: 'model_offers_uncached_p99_ms', unit: 'ms', label: 'market: the same page under a URL the position cache has not kept (the route\'s own path)', required: false },
  { key: 'price_history_365_p99_ms', unit: 'ms', label: 'market: the big model\'s 365-day price history', target: le(20), required: false },
  { key: 'terms_change_reprice_50k_ms', unit: 'ms', label: 'market: one 공시지원금 change re-pricing 50,000 offers, PUT → first page', target: le(2_000), required: false },
  { key: 'read_req_per_s', unit: 'req/s', label: 'GET /api/products/ranking', required: true },
  { key: 'read_p99_ms', unit: 'ms', label: 'GET /api/products/ranking p99', required: true },
  { key: 'bare_req_per_s', unit: 'req/s', label: 'bare node:http, same bytes', required: true },
  { key: 'bare_p99_ms', unit: 'ms', label: 'bare node:http p99', required: true },
  { key: 'read_vs_bare_ratio', unit: 'ratio', label: 'read / bare', target: ge(0.4), required: true },
  { key: 'fastify_req_per_s', unit: 'req/s', label: 'fastify, same path, bytes and headers (peer)', required: NEW_KEYS_REQUIRED },
  { key: 'read_vs_fastify_ratio', unit: 'ratio', label: 'read (Express) / fastify (median of 3 triples)', target: ge(0.8), required: NEW_KEYS_REQUIRED },
  { key: 'read_busy_us_per_req', unit: 'µs', label: 'GET /api/products/ranking: busy time of the serving thread per answer (median of 3)', required: false },
  { key: 'bare_busy_us_per_req', unit: 'µs', label: 'bare node:http: busy time of the serving thread per answer', required: false },
  { key: 'fastify_busy_us_per_req', unit: 'µs', label: 'fastify: busy time of the serving thread per answer', required: false },
  { key: 'read_vs_fastify_busy_ratio', unit: 'ratio', label: "fastify's busy time per answer / ours (the read ratio by cost, steadier on a loaded host)", required: false },
  { key: 'products_filtered_req_per_s', unit: 'req/s', label: 'filtered list @2,000 products', required: true },
  { key: 'products_filtered_p99_ms', unit: 'ms', label: 'filtered list p99', target: le(20), required: true },
  { key: 'models_req_per_s', unit: 'req/s', label: 'GET /api/models @2,000 models / 20,000 offers', required: true },
  { key: 'models_p99_ms', unit: 'ms', label: 'grouped model list p99 (uncached)', target: le(20), required: true },
  { key: 'offers_req_per_s', unit: 'req/s', label: "GET /api/models/{id}/offers (one model's priced offers)", required: true },
  { key: 'offers_p99_ms', unit: 'ms', label: 'priced offers p99 (uncached)', target: le(10), required: true },
  { key: 'search_req_per_s', unit: 'req/s', label: 'GET /api/search @2,000 products', required: true },
  { key: 'search_p99_ms', unit: 'ms', label: 'search p99', target: le(20), required: true },
  { key: 'home_js_gzip_kb', unit: 'KB gz', label: 'home first-load JS (static graph)', target: le(180), required: true },
  { key: 'home_js_browser_gzip_kb', unit: 'KB gz', label: 'JS Chromium fetches at / (incl. deferred)', required: false },
  { key: 'lh_home_perf', unit: 'score', label: 'Lighthouse mobile performance, / (median of 3)', target: ge(90), required: true },
  { key: 'lh_product_perf', unit: 'score', label: 'Lighthouse mobile performance, product page', target: ge(90), required: true },
  { key: 'lh_home_lcp_ms', unit: 'ms', label: 'Lighthouse LCP, /', target: le(2500), required: true },
  { key: 'lh_product_lcp_ms', unit: 'ms', label: 'Lighthouse LCP, product page', target: le(2500), required: true },
  { key: 'lh_home_tbt_ms', unit: 'ms', label: 'Lighthouse TBT, /', target: le(200), required: true },
  { key: 'lh_home_longest_task_ms', unit: 'ms', label: 'Lighthouse longest main-thread task, / (median of runs)', target: le(50), required: false },
  { key: 'lh_product_longest_task_ms', unit: 'ms', label: 'Lighthouse longest main-thread task, product page', target: le(50), required: false },
  { key: 'lh_home_host_loop_ms', unit: 'ms', label: 'host loop right after each Lighthouse run on / (median)', required: false },
  { key: 'lh_product_host_loop_ms', unit: 'ms', label: 'host loop right after each Lighthouse run on the product page (median)', required: false },
  { key: 'lh_home_cls', unit: 'CLS', label: 'Lighthouse CLS, /', target: le(0.1), required: false },
  { key: 'lh_home_a11y', unit: 'score', label: 'Lighthouse accessibility, /', target: ge(95), required: true },
  { key: 'lh_product_a11y', unit: 'score', label: 'Lighthouse accessibility, product page', target: ge(95), required: false },
  { key: 'lh_home_best_practices', unit: 'score', label: 'Lighthouse best practices, /', target: ge(95), required: false },
  { key: 'home_js_transfer_kb', unit: 'KB', label: 'JS the home page transfers (compressed, Lighthouse)', target: le(250), required: true },
  { key: 'admin_push_p99_ms', unit: 'ms', label: 'application submitted → 200 admin sockets (p99 of the slowest)', target: le(100), required: true },
  { key: 'history_p99_ms', unit: 'ms', label: 'GET history of a 1,000-event stream p99', target: le(20), required: true },
  // Issue 44: the targets of these three are their ratios to a bare baseline measured in alternating turns; the absolute figures are information.
  { key: 'kb_search_p99_ms', unit: 'ms', label: 'knowledge search, Korean question @1,000 entries p99', required: true },
  { key: 'kb_scan_p99_ms', unit: 'ms', label: 'bare node:http scan of the same entries with String.includes p99', required: NEW_KEYS_REQUIRED },
  { key: 'kb_search_vs_scan_ratio', unit: 'ratio', label: 'knowledge search p99 / scan p99', target: le(KB_SEARCH_VS_SCAN), required: NEW_KEYS_REQUIRED },
  { key: 'chat_rtt_p99_ms', unit: 'ms', label: 'live chat customer → agent → customer (lines over the socket, ADR 031), 200 chats p99', required: true },
  { key: 'chat_rtt_bare_p99_ms', unit: 'ms', label: 'bare Socket.IO relay customer → agent → customer, 200 chats p99', required: NEW_KEYS_REQUIRED },
  // What each round trip costs in CPU (server and clients, one process), so a loaded host's queueing can be told from the product's cost.
  { key: 'chat_cpu_per_rtt_ms', unit: 'ms', label: 'CPU per chat round trip (this process: server and clients)', required: false },
  { key: 'chat_bare_cpu_per_rtt_ms', unit: 'ms', label: 'CPU per bare relay round trip (this process: server and clients)', required: false },
  // What each round trip grows the heap by, counted (not timed): × the host's page fault (host_fault_us_*) is what its scavenges pay for it (ADR 009, s60).
  { key: 'chat_faults_per_rtt', unit: 'faults', label: 'page faults per chat round trip (this process)', required: false },
  { key: 'chat_bare_faults_per_rtt', unit: 'faults', label: 'page faults per bare relay round trip (this process)', required: false },
  // What the server's thread allocates per round trip (counted: the heap's growth plus what its collections freed, ADR 031 s61): the garbage its scavenges pay for.
  { key: 'chat_alloc_kb_per_rtt', unit: 'kB', label: 'kB allocated by the server thread per chat round trip', required: false },
  { key: 'chat_bare_alloc_kb_per_rtt', unit: 'kB', label: 'kB allocated by the server thread per bare relay round trip', required: false },
  { key: 'chat_rtt_vs_bare_ratio', unit: 'ratio', label: 'chat round trip p99 / bare relay p99', target: le(2), required: NEW_KEYS_REQUIRED },
  // Information only (ADR 009): a relay that also stores each line in SQLite before relaying it, as the product must before it delivers.
  { key: 'chat_rtt_append_relay_p99_ms', unit: 'ms', label: 'bare Socket.IO relay that appends each line to SQLite first, 200 chats p99', required: false },
  { key: 'chat_append_relay_cpu_per_rtt_ms', unit: 'ms', label: 'CPU per round trip of the relay that appends (this process: server and clients)', required: false },
  // Information (ADR 031): the same chats with every line an HTTP command, the path of clients without a socket.
  { key: 'chat_rtt_http_p99_ms', unit: 'ms', label: 'live chat round trip with each line an HTTP command, 200 chats p99', required: false },
  { key: 'chat_http_cpu_per_rtt_ms', unit: 'ms', label: 'CPU per chat round trip over HTTP commands (this process: server and clients)', required: false },
  { key: 'chat_rtt_vs_append_relay_ratio', unit: 'ratio', label: 'chat round trip p99 / relay-that-appends p99 (information)', required: false },
  { key: 'push_1k_p99_ms', unit: 'ms', label: 'ranking change → the followers among 1,000 sockets (p99 of the slowest)', required: true },
  { key: 'push_1k_bare_p99_ms', unit: 'ms', label: 'bare Socket.IO broadcast of the same payload → as many of 1,000 sockets p99', required: NEW_KEYS_REQUIRED },
  { key: 'push_1k_vs_bare_ratio', unit: 'ratio', label: 'push p99 / bare broadcast p99', target: le(1.5), required: NEW_KEYS_REQUIRED },
  { key: 'checkout_per_s', unit: 'orders/s', label: 'checkout, 50 concurrent buyers each with their own cart', required: true },
  { key: 'checkout_p99_ms', unit: 'ms', label: 'POST /api/orders p99 (50 concurrent buyers)', required: true },
  { key: 'checkout_append_p99_ms', unit: 'ms', label: "the same events appended to bare SQLite, bursts of 50 transactions p99", required: NEW_KEYS_REQUIRED },
  { key: 'checkout_vs_append_ratio', unit: 'ratio', label: 'checkout p99 / bare append p99', target: le(CHECKOUT_VS_APPEND), required: NEW_KEYS_REQUIRED },
  { key: 'process_lag_p50_ms', unit: 'ms', label: 'process runner: trigger → its first command p50 (checkout load)', required: NEW_KEYS_REQUIRED },
  { key: 'process_lag_p99_ms', unit: 'ms', label: 'process runner: trigger → its first command p99 (checkout load)', target: le(50), required: NEW_KEYS_REQUIRED },
  { key: 'runner_failover_ms', unit: 'ms', label: 'process runner: active instance killed → standby runs the next process (worst of 3)', target: le(5_000), required: NEW_KEYS_REQUIRED },
  { key: 'checkout_stock_race_ms', unit: 'ms', label: '50 buyers check out the last 3 units of one offer: until all answered', required: true },
  { key: 'notify_p99_ms', unit: 'ms', label: "order event → notification:new at the owner's socket p99", target: le(100), required: true },
  { key: 'recommend_ms_p50', unit: 'ms', label: 'recommendCombinations p50 (50×6)', target: lt(5), required: true },
  { key: 'recommend_ms_p99', unit: 'ms', label: 'recommendCombinations p99 (50×6)', target: lt(5), required: true },
  { key: 'chatbot_stats_p50_ms', unit: 'ms', label: 'GET /api/admin/chatbot/stats, 1,000 chats (issue 29) p50', required: false },
  // Required once the lead's full run has written it into results.json (the key test reads that file).
  { key: 'chatbot_stats_p99_ms', unit: 'ms', label: 'GET /api/admin/chatbot/stats, 1,000 chats (issue 29) p99', target: le(50), required: true },
  { key: 'webhook_p50_ms', unit: 'ms', label: 'signed channel webhook, one policy image (issue 27) p50', required: false },
  // Required once the lead's full run has written it into results.json (the key test reads that file).
  { key: 'webhook_p99_ms', unit: 'ms', label: 'signed channel webhook, one policy image (issue 27) p99', target: le(50), required: true },
  { key: 'terms_change_reprice_ms', unit: 'ms', label: 'one 공시지원금 change re-prices 20,000 offers (median of 5, issue 27)', target: le(1_000), required: true },
  // Issue 42 (price alerts, bench/src/priceAlerts.ts). Required once the lead's full run has written them into results.json.
  { key: 'alert_eval_ms', unit: 'ms', label: 'one 공시지원금 change re-pricing 20,000 offers → the last of 1,000 alerts fired (100,000 alerts)', target: le(500), required: false },
  { key: 'price_history_p99_ms', unit: 'ms', label: "GET /api/models/{id}/price-watch?days=365 p99", target: le(20), required: false },
  { key: 'alert_eval_cpu_ms', unit: 'ms', label: 'CPU time the product process used over alert_eval_ms (its projector included): on a loaded host, what the figure would be with a core to itself', required: false },
  { key: 'terms_change_reprice_max_ms', unit: 'ms', label: 'one 공시지원금 change re-prices 20,000 offers (slowest of 5)', required: false },
  // Issue 25 (quote matching). Required once the lead's full run has written them into results.json (the key test reads that file).
  { key: 'quote_offer_push_p50_ms', unit: 'ms', label: 'quote offer POST → quote:offer at the buyer\'s socket p50 (200 open requests, 50 seller + 200 buyer sockets)', required: false },
  { key: 'quote_offer_push_p99_ms', unit: 'ms', label: 'quote offer POST → quote:offer at the buyer\'s socket p99 (200 open requests, 50 seller + 200 buyer sockets)', target: le(100), required: true },
  { key: 'quote_accept_p50_ms', unit: 'ms', label: 'POST /api/quote-requests/{id}/accept p50 (request, offers and the order)', required: false },
  { key: 'quote_accept_p99_ms', unit: 'ms', label: 'POST /api/quote-requests/{id}/accept p99 (request, offers and the order)', target: le(100), required: true },
  // Issue 26 (중고폰 매입). Required once the lead's full run has written it into results.json.
  { key: 'buyback_quote_p50_ms', unit: 'ms', label: 'POST /api/buyback/quotes p50 (50 shops × 2,000 grid rows)', required: false },
  { key: 'buyback_quote_p99_ms', unit: 'ms', label: 'POST /api/buyback/quotes p99 (50 shops × 2,000 grid rows)', target: le(20), required: true },
  // Issue 43 (10,000-socket soak, bench/src/sockets10k.ts). Required once the lead's full run has written them into results.json.
  { key: 'push_10k_p99_ms', unit: 'ms', label: 'push with 10,000 sockets connected (the ranking to the tabs that show it, user, chat rooms), every arrival p99, 5-minute soak', target: le(300), required: false },
  { key: 'push_10k_ranking_sockets', unit: 'sockets', label: 'soak: the sockets on a page that shows the live ranking (they alone follow it; ADR 023, seventh session)', required: false },
  // Information (ADR 009): the server's part of a soak push — trigger → broadcast start (command, projector, outbox), and the broadcast's writes to every socket of its room; the worst kind's p99 of each.
  { key: 'push_10k_server_path_p99_ms', unit: 'ms', label: 'soak: trigger → the server starts the broadcast (the product\'s path), worst kind p99', required: false },
  { key: 'push_10k_server_writes_p99_ms', unit: 'ms', label: 'soak: one broadcast\'s writes to every socket of its room (server), worst kind p99', required: false },
  { key: 'push_10k_p50_ms', unit: 'ms', label: 'push with 10,000 sockets connected, every arrival p50', required: false },
  { key: 'push_10k_server_cpu_share', unit: 'cores', label: 'the soak server\'s CPU over the pushes\' wall time', required: false },
  { key: 'push_10k_clients_cpu_share', unit: 'cores', label: 'the soak clients\' CPU over the pushes\' wall time (their share of the 2 cores)', required: false },
  { key: 'push_10k_server_cpu_ms_per_push', unit: 'ms', label: 'soak: the server\'s CPU time over the pushes per trigger (ranking, cart, chat)', required: false },
  { key: 'push_10k_server_cpu_us_per_socket', unit: 'µs', label: 'soak: the server\'s CPU time over the pushes per arrival at a socket', required: false },
  { key: 'push_10k_server_system_cpu_share', unit: 'ratio', label: 'soak: the kernel\'s part of the server\'s CPU (on loopback a write also runs the receiver\'s TCP path)', required: false },
  { key: 'push_10k_clients_cpu_us_per_socket', unit: 'µs', label: 'soak: the clients\' CPU time over the pushes per arrival', required: false },
  { key: 'push_10k_sampled_p99_ms', unit: 'ms', label: 'soak: the sampled sockets\' arrivals (3 in 40, and the first ranking pair of every 40), trigger → read, p99', required: false },
  { key: 'push_10k_sampled_server_p99_ms', unit: 'ms', label: 'soak: the same arrivals, trigger → the server\'s write to that socket, p99', required: false },
  { key: 'push_10k_sampled_client_p99_ms', unit: 'ms', label: 'soak: the same arrivals, the server\'s write → the client process\'s read, p99', required: false },
  { key: 'connect_10k_s', unit: 's', label: '10,000 websocket clients all connected', target: le(60), required: false },
  { key: 'rss_per_socket_kb', unit: 'KB', label: 'server RSS per connected socket', target: le(40), required: false },
  // What the server holds (JS heap + external, Buffers included) after all disconnected, against its start: the leak figure; RSS also counts pages the allocator kept.
  { key: 'held_after_disconnect_pct', unit: '%', label: 'server heap + external after all 10,000 disconnected, against its start', target: le(10), required: false },
  { key: 'rss_after_disconnect_pct', unit: '%', label: 'server RSS after all 10,000 disconnected, against its start (both after a last-resort GC)', target: le(10), required: false },
  { key: 'rss_kept_after_disconnect_pct', unit: '%', label: 'the same after a regular full GC: what V8 keeps resident until a memory-reducing GC', required: false },
  // Issue 38 (PostgreSQL, ADR 024). Required once the lead's full run has written them into results.json.
  { key: 'pg_append_per_s_1_writer', unit: 'events/s', label: 'append, 1 writer (PostgreSQL, fsync on)', target: ge(3_000), required: false },
  { key: 'pg_append_per_s_8_writers', unit: 'events/s', label: 'append, 8 async writers (PostgreSQL, fsync on)', target: ge(6_000), required: false },
  // The same appends with EVENT_STORE_SYNCHRONOUS_COMMIT=off (ADR 029): answered before the WAL flush — not the product's default, reported beside it.
  { key: 'pg_append_per_s_1_writer_synchronous_commit_off', unit: 'events/s', label: 'append, 1 writer (PostgreSQL, synchronous_commit=off: the last ~0.6 s of answered appends lost on a server crash)', required: false },
  { key: 'pg_append_per_s_8_writers_synchronous_commit_off', unit: 'events/s', label: 'append, 8 async writers (PostgreSQL, synchronous_commit=off)', required: false },
  { key: 'pg_fsync_ms', unit: 'ms', label: 'this disk: 8 kB write + fdatasync, median (bounds durable commits one after another)', required: false },
  { key: 'pg_append_per_s_1_writer_wal_tmpfs', unit: 'events/s', label: 'SOFTWARE-ONLY CEILING, not durable: append, 1 writer, WAL on tmpfs', required: false },
  { key: 'pg_append_per_s_8_writers_wal_tmpfs', unit: 'events/s', label: 'SOFTWARE-ONLY CEILING, not durable: append, 8 writers, WAL on tmpfs', required: false },
  { key: 'pg_rebuild_per_s', unit: 'events/s', label: 'projection rebuild from PostgreSQL into PostgreSQL read models', target: ge(20_000), required: false },
  { key: 'pg_rebuild_cpu_ms', unit: 'ms', label: 'CPU of that rebuild: Node (every thread) + PostgreSQL', required: false },
  { key: 'cross_instance_push_p99_ms', unit: 'ms', label: 'write via command-api A → socket on query-api B p99 (PostgreSQL)', target: le(100), required: false },
  { key: 'projector_failover_ms', unit: 'ms', label: 'kill -9 of the active projector → the standby active', target: le(5_000), required: false },
];

export const REQUIRED_KEYS: readonly string[] = METRICS.filter((m) => m.required).map((m) => m.key);

/** The only non-numeric values allowed in results.json. */
export const STRING_KEYS = ['node_version', 'measured_at'] as const;

/**
 * A figure's verdict in the table: `ok`, `FAIL`, or `LOADED` for a miss while the host was loaded
 * (host.ts: the figure says more about the host than about the product, so it is not counted as a
 * miss); `—` with no target, `MISSING` with no figure.
 */
export type Verdict = 'ok' | 'FAIL' | 'LOADED' | '—' | 'MISSING';

export function verdict(value: number | undefined, target: Target | undefined, loadedHost: boolean): Verdict {
  if (value === undefined) return 'MISSING';
  if (!target) return '—';
  if (meets(value, target)) return 'ok';
  return loadedHost ? 'LOADED' : 'FAIL';
}

export function meets(value: number, target: Target): boolean {
  switch (target.op) {
    case '>=':
      return value >= target.value;
    case '<=':
      return value <= target.value;
    case '<':
      return value < target.value;
  }
}

/** Problems with a results object (empty when it is a flat object with every required key numeric). */
export function resultProblems(results: unknown): string[] {
  if (typeof results !== 'object' || results === null || Array.isArray(results)) return ['results is not an object'];
  const problems: string[] = [];
  const record = results as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if ((STRING_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'string') problems.push(`${key} must be a string`);
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      problems.push(`${key} must be a finite number (got ${JSON.stringify(value)})`);
    }
  }
  for (const key of REQUIRED_KEYS) if (!(key in record)) problems.push(`missing ${key}`);
  for (const key of STRING_KEYS) if (!(key in record)) problems.push(`missing ${key}`);
  if (typeof record.measured_at === 'string' && Number.isNaN(Date.parse(record.measured_at))) problems.push('measured_at is not an ISO time');
  return problems;
}
