import type { FakeRequestRecord, SeriesKind } from './fake-google-books.ts';

/** A plugin manifest's `rateLimit`: at most `requests` starts within any sliding window of `perMilliseconds`. */
export interface RateLimit {
  requests: number;
  perMilliseconds: number;
}

/**
 * The least time `requests` requests can take under a sliding-window limit: the last group of `limit.requests`
 * cannot start before (groups − 1) windows have passed, and then needs one answer's latency.
 */
export function rateLimitFloorMs(requests: number, limit: RateLimit, latencyMs: number): number {
  if (requests === 0) return 0;
  return Math.max(0, Math.ceil(requests / limit.requests) - 1) * limit.perMilliseconds + latencyMs;
}

export interface TimeSplit {
  /** Inside the fake's answers (its latency and our own serialisation). */
  inRequestsMs: number;
  /** Between two requests, the part the rate limit imposed (the next start was not allowed earlier). */
  rateLimitWaitMs: number;
  /** Everything else: the server's own work between requests, and before the first and after the last. */
  serverMs: number;
  /** Of serverMs: job start → first request, and last answer → job end. */
  headMs: number;
  tailMs: number;
  /** Gaps between requests beyond what the limit imposed, i.e. the server's work per request. */
  serverGapMedianMs: number;
  serverGapP95Ms: number;
  serverGapMaxMs: number;
}

const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

/**
 * Splits the job's time (start → end) between the fake's answers, waits the rate limit imposed, and the server's
 * own work. The batch calls the provider one request at a time, so each gap between an answer and the next request
 * is either the limiter holding the request (it may not start before the request `limit.requests` earlier plus one
 * window) or the server working. Arrival times at the fake stand for the limiter's start times (a loopback hop
 * later), so a millisecond or so per request lands in serverMs rather than in the wait.
 */
export function splitTime(
  records: readonly FakeRequestRecord[],
  jobStartedAt: number,
  jobFinishedAt: number,
  limit: RateLimit,
): TimeSplit {
  const ordered = [...records].sort((a, b) => a.arrivedAt - b.arrivedAt);
  let inRequestsMs = 0;
  let rateLimitWaitMs = 0;
  const serverGaps: number[] = [];
  let headMs = 0;
  ordered.forEach((request, i) => {
    inRequestsMs += request.answeredAt - request.arrivedAt;
    const previousEnd = i === 0 ? jobStartedAt : ordered[i - 1]!.answeredAt;
    const gap = Math.max(0, request.arrivedAt - previousEnd);
    const windowStart = i >= limit.requests ? ordered[i - limit.requests]!.arrivedAt : null;
    const allowedAt = windowStart === null ? -Infinity : windowStart + limit.perMilliseconds;
    const wait = Math.min(gap, Math.max(0, allowedAt - previousEnd));
    rateLimitWaitMs += wait;
    if (i === 0) headMs = gap - wait;
    else serverGaps.push(gap - wait);
  });
  const last = ordered.at(-1);
  const tailMs = last === undefined ? 0 : Math.max(0, jobFinishedAt - last.answeredAt);
  const totalMs = jobFinishedAt - jobStartedAt;
  return {
    inRequestsMs,
    rateLimitWaitMs,
    serverMs: totalMs - inRequestsMs - rateLimitWaitMs,
    headMs,
    tailMs,
    serverGapMedianMs: quantile(serverGaps, 0.5),
    serverGapP95Ms: quantile(serverGaps, 0.95),
    serverGapMaxMs: quantile(serverGaps, 1),
  };
}

export interface KindFigures {
  kind: SeriesKind;
  series: number;
  requests: number;
  /** From the series' first request to the next series' first request (the last: to the job's end). */
  meanSpanMs: number;
  p95SpanMs: number;
}

/** Per kind of series (exact, near, none): how many requests each took and how long it held the batch. */
export function perKind(
  records: readonly FakeRequestRecord[],
  kindOf: (index: number) => SeriesKind,
  jobFinishedAt: number,
): KindFigures[] {
  const ordered = [...records].sort((a, b) => a.arrivedAt - b.arrivedAt);
  const firsts: { series: number; at: number }[] = [];
  const requestsOf = new Map<number, number>();
  for (const request of ordered) {
    if (request.series === null) continue;
    requestsOf.set(request.series, (requestsOf.get(request.series) ?? 0) + 1);
    if (firsts.at(-1)?.series !== request.series) firsts.push({ series: request.series, at: request.arrivedAt });
  }
  const spans = new Map<SeriesKind, number[]>();
  const requests = new Map<SeriesKind, number>();
  firsts.forEach((first, i) => {
    const kind = kindOf(first.series);
    const end = firsts[i + 1]?.at ?? jobFinishedAt;
    spans.set(kind, [...(spans.get(kind) ?? []), end - first.at]);
  });
  for (const [series, count] of requestsOf) {
    const kind = kindOf(series);
    requests.set(kind, (requests.get(kind) ?? 0) + count);
  }
  return (['exact', 'near', 'none'] as const).map((kind) => {
    const values = spans.get(kind) ?? [];
    return {
      kind,
      series: values.length,
      requests: requests.get(kind) ?? 0,
      meanSpanMs: values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length,
      p95SpanMs: quantile(values, 0.95),
    };
  });
}
