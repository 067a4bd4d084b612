/**
 * Shelfmark's UI kit. Colours, sizes and type come from tokens.css (the only file with colour values and font
 * sizes); base.css styles the native elements. Icons: `import Pencil from '@lucide/svelte/icons/pencil'`, one by one.
 * Every component is shown, in the current theme, on the /kit page (src/routes/kit/+page.svelte).
 *
 * - Button: an action or a link drawn as one. variant primary|secondary|danger|quiet, size sm|md|lg, href (renders
 *   <a>), busy (spinner, blocks clicks), icon, block, type, disabled.
 * - IconButton: an icon-only button or link. label (required: accessible name and tooltip), icon, variant, size,
 *   href, pressed (toggle).
 * - Field: label + control + help + error. label, help, error, required, inline, id; the children snippet receives
 *   attrs (id, aria-describedby, aria-invalid, required) to spread on the control.
 * - Select: a styled <select>. value (bindable), options [{ value, label }] or <option> children, label (aria-label
 *   when no <label>), size.
 * - Card: a bordered surface. title, level, as (section|article|div|li), padding, actions and footer snippets.
 * - Chip: a pill label, a link with href, a toggle with onclick. tone neutral|accent|success|warning|danger,
 *   selected, icon.
 * - Cover: the one cover image with one placeholder. src, alt, title, progress (0–100, bar on the cover),
 *   progressLabel, badge (+ badgeLabel), href, select snippet (checkbox, top left), overlay snippet (hover actions),
 *   width, eager.
 * - EmptyState: instead of an empty list. message (one sentence), title, icon; children = the next action (a Button).
 * - Skeleton: a loading placeholder. variant text|block|cover, lines, width, height.
 * - Toast: toast(message, { tone, timeout }) shows a message in <ToastRegion closeLabel> (role="status", once in the
 *   layout); dismissToast(id).
 * - Dialog: a modal on native <dialog>. open (bindable), title, closeLabel, size sm|md|lg, footer snippet, onclose;
 *   Escape closes, focus returns.
 * - Menu: a kebab/action menu. label (trigger's name), items [{ label, onselect | href, icon, danger, disabled }],
 *   text (visible trigger text), icon, align start|end, variant, size. Arrow keys, Escape, click outside.
 * - Tabs: roving-tabindex tabs. tabs [{ id, label }], selected (bindable), label, onchange; children(selectedId)
 *   renders the panel.
 * - Logo: the Shelfmark mark in currentColor. size, title (accessible name), wordmark.
 * - ThemeSwitch: light / dark / system radio group. value, onchange, legend, labels { light, dark, system }.
 */
export { default as Button } from './Button.svelte';
export { default as IconButton } from './IconButton.svelte';
export { default as Field } from './Field.svelte';
export type { FieldAttrs } from './Field.svelte';
export { default as Select } from './Select.svelte';
export { default as Card } from './Card.svelte';
export { default as Chip } from './Chip.svelte';
export { default as Cover } from './Cover.svelte';
export { default as EmptyState } from './EmptyState.svelte';
export { default as Skeleton } from './Skeleton.svelte';
export { default as ToastRegion } from './ToastRegion.svelte';
export { toast, dismissToast, toasts } from './toast.js';
export type { ToastItem, ToastTone } from './toast.js';
export { default as Dialog } from './Dialog.svelte';
export { default as Menu } from './Menu.svelte';
export type { MenuItem } from './Menu.svelte';
export { default as Tabs } from './Tabs.svelte';
export { default as Logo } from './Logo.svelte';
export { default as ThemeSwitch } from './ThemeSwitch.svelte';
export type { Icon, Size, Tone, Variant } from './types.js';
