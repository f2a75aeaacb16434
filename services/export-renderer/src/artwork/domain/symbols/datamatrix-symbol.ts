import bwipjs from 'bwip-js';
import type { ModuleMatrix } from './module-matrix';

/**
 * GS1 DataMatrix of an element string in `^FNC1` form: with parsefnc, bwip-js encodes the leading FNC1 that
 * makes the symbol GS1 (read as ]d2) and the FNC1 separators. The `^FNC1` form is used rather than bwip-js's
 * bracketed `gs1datamatrix` input because `(` and `)` are legal in batch and serial values.
 */
export function gs1DataMatrix(fnc1ElementString: string): ModuleMatrix {
  const [symbol] = bwipjs.raw('datamatrix', fnc1ElementString, { parsefnc: true });
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js returned no DataMatrix matrix');
  return { width: symbol.pixx, height: symbol.pixy, dark: symbol.pixs };
}
