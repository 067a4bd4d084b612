import type { Locales, TranslationFunctions } from '../../../i18n/i18n-types.js';
import { problemText } from '../../problem-text.js';
import { problemOf } from '../../trpc.js';
import { toast } from '../../ui/index.js';

/** A failed action without a place of its own on the page (a card's menu, the selection bar): said in a toast. */
export function toastProblem(LL: TranslationFunctions, locale: Locales, error: unknown): void {
  const problem = problemOf(error);
  const text = problem.offline
    ? LL.errors.offline()
    : problem.problem
      ? problemText(LL, locale, problem.problem) || problem.message
      : problem.message;
  toast(text, { tone: 'danger' });
}
