import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// Types only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Candidate = Outputs['metadata']['search']['items'][number];
export type MetadataLink = Outputs['metadata']['seriesLinks']['items'][number];
/** From the request's schema: the DTO's field carries the ORM's brand, which does not index a dictionary. */
export type LinkState = 'pending' | 'approved' | 'rejected';
export const linkState = (link: MetadataLink): LinkState => link.status as LinkState;
export type SyncReport = Outputs['metadata']['approve']['report'];
export type FieldChange = SyncReport['series']['updated'][number];
export type MissingVolumes = Outputs['metadata']['missing'];
export type MissingVolume = MissingVolumes['volumes'][number];
export type Release = Outputs['releases']['search']['items'][number];
export type ReleaseSearchBody = Inputs['releases']['search']['body'];
export type PluginInfo = Outputs['plugins']['list']['items'][number];

/** What a release search was for: the series, one volume, or every missing volume. */
export type ReleaseScope = { kind: 'series' } | { kind: 'volume'; volume: number } | { kind: 'missing' };
export type LinkPreview = Outputs['metadata']['preview'];
export type FieldPreview = LinkPreview['fields'][number];
