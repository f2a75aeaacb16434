import bwipjs from 'bwip-js';
import type { ModuleMatrix } from './module-matrix';

/**
 * GS1 DataMatrix of a bracketed element string. bwip-js's `gs1datamatrix` starts the symbol with FNC1,
 * puts FNC1 after every variable-length field and checks each AI's syntax, throwing on invalid data.
 */
export function gs1DataMatrix(bracketedElementString: string): ModuleMatrix {
  const [symbol] = bwipjs.raw('gs1datamatrix', bracketedElementString, {});
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js returned no DataMatrix matrix');
  return { width: symbol.pixx, height: symbol.pixy, dark: symbol.pixs };
}
