/** Breakdown dimensions, in the order reports list them. Their ids are stored in the rollups: never renumber. */
export const DIMENSIONS = ['device', 'browser', 'os', 'country', 'city', 'referrer', 'source'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Rollup id of a dimension; 0 is reserved for the totals row. */
export const TOTAL_DIM = 0;
export const dimensionId = (dimension: Dimension): number => DIMENSIONS.indexOf(dimension) + 1;
export const dimensionOf = (id: number): Dimension | undefined => DIMENSIONS[id - 1];

/** Stored `source`: 0 click, 1 qr. */
export const SOURCES = ['click', 'qr'] as const;
export type Source = (typeof SOURCES)[number];
