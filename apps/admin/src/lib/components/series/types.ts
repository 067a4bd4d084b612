import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// A type only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type SeriesItem = Outputs['series']['list']['items'][number];
export type SeriesDetails = Outputs['series']['get'];
export type SeriesBook = Outputs['series']['books']['items'][number];
export type SeriesUpdateBody = Inputs['series']['update']['body'];
