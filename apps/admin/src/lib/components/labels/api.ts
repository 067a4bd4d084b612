import { trpc } from '../../trpc.js';

/**
 * The names of the labels already on series, offered as suggestions. A failure answers none: the fields still take
 * typed names, and the form's own call says what went wrong.
 */
export async function knownLabels(): Promise<string[]> {
  try {
    return (await trpc.labels.list.query({})).items.map((label) => label.name);
  } catch {
    return [];
  }
}
