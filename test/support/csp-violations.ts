import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/** One thing a Content-Security-Policy refused, as a browser reported it. */
export interface CspViolation {
  /** The directive that refused it (`img-src`, `script-src-elem`…). */
  directive: string;
  /** What was refused: an address, or `inline` / `eval` for code written in the page. */
  blocked: string;
  /** The document it happened in (or the console message's source). */
  document: string;
}

export interface CspViolations {
  /** Every distinct violation seen in the context's pages and frames so far. */
  readonly list: readonly CspViolation[];
  /** Forgets what was seen (a test that walks pages attributes each violation to its page). */
  clear(): void;
}

const BINDING = '__shelfmarkCspViolation';
const recorders = new WeakMap<BrowserContext, CspViolations>();

/** `directive 'blocked' in document`, one a line: what a failing test prints. */
export function describeViolations(violations: readonly CspViolation[]): string {
  return violations.map((v) => `${v.directive} refused ${v.blocked} in ${v.document}`).join('\n');
}

/**
 * Records every CSP violation in the context's pages, seen two ways: the `securitypolicyviolation` event, through an
 * init script in every frame that runs scripts, and the browser's own console message ("… violates the following
 * Content Security Policy directive …"), which Chromium writes for every frame, the EPUB reader's script-less book
 * frames included. A violation is kept once per directive and address, however often and wherever it was seen.
 *
 * One kind of report is not a violation: Chromium reports the `on*` attributes of markup that is only parsed
 * (DOMParser, which the EPUB engine and its sanitiser use on every book; nothing there can run), at the document
 * instead of at an element. Inline event handlers are therefore taken from the event alone, where that shows.
 * Recording a context twice returns its first recorder.
 */
export async function recordCspViolations(context: BrowserContext): Promise<CspViolations> {
  const known = recorders.get(context);
  if (known) return known;
  const seen = new Map<string, CspViolation>();
  const add = (violation: CspViolation) => {
    // The event names the directive that applied (`style-src-attr`), the console the one written (`style-src`).
    const key = `${violation.directive.replace(/-(?:elem|attr)$/, '')} ${violation.blocked}`;
    if (!seen.has(key)) seen.set(key, violation);
  };
  const recorder: CspViolations = {
    get list() {
      return [...seen.values()];
    },
    clear: () => seen.clear(),
  };
  recorders.set(context, recorder);

  await context.exposeBinding(BINDING, (_source, violation: CspViolation) => add(violation));
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
        // Markup parsed but never run (DOMParser: the EPUB engine and its sanitiser parse every book) still has its
        // `on*` attributes reported, at the document rather than at an element of it: nothing ran, nothing to record.
        if (event.effectiveDirective === 'script-src-attr' && !(event.target instanceof Element)) return;
        report?.({ directive: event.effectiveDirective, blocked: event.blockedURI, document: event.documentURI });
      },
      true,
    );
  }, BINDING);
  const watch = (page: Page) => {
    page.on('console', (message: ConsoleMessage) => {
      // An inline event handler's report is left to the event above, which tells a parsed-only one from a live one
      // (a book's frame, where it could be live, has no scripts at all: the sandbox refuses before the policy).
      if (/^Executing inline event handler/.test(message.text())) return;
      const violation = fromConsole(message.text(), message.location().url || page.url());
      if (violation) add(violation);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return recorder;
}

/** The recorder of a context, when it has one. */
export function cspViolationsOf(context: BrowserContext): CspViolations | undefined {
  return recorders.get(context);
}

/**
 * Chromium's sentences: "Loading the image 'https://…' violates the following Content Security Policy directive:
 * "img-src 'self'". The action has been blocked." (older: "Refused to load the image 'https://…' because it violates
 * …"); "Applying inline style violates the following Content Security Policy directive 'style-src 'self''. …";
 * "Executing inline script violates …"; "Running the JavaScript URL violates …".
 */
export function fromConsole(text: string, document: string): CspViolation | undefined {
  const sentence =
    /^(.*?)\s+(?:because it )?violates the following Content Security Policy directive:?\s*["']([a-z-]+)/i.exec(text);
  if (!sentence) return undefined;
  const [, what = '', directive = ''] = sentence;
  const address = /'([^']+)'/.exec(what)?.[1] ?? (/JavaScript URL/i.test(what) ? 'javascript: URL' : undefined);
  return { directive, blocked: address ?? /\b(inline|eval)\b/i.exec(what)?.[1]?.toLowerCase() ?? what, document };
}
