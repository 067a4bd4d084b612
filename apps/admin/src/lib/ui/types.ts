import type { LucideIcon } from '@lucide/svelte';

/** An icon component, imported one by one: `import Pencil from '@lucide/svelte/icons/pencil'`. */
export type Icon = LucideIcon;
export type Variant = 'primary' | 'secondary' | 'danger' | 'quiet';
export type Size = 'sm' | 'md' | 'lg';
export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
