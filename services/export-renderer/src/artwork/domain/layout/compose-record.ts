import type { ExportOptions, Symbology } from '../export-options';
import type { RenderRecord } from '../render-record-schema';
import type { Gs1Encoding } from '../gs1/gs1-encoding';
import type { Artwork } from './artwork';
import { qrMatrix } from '../symbols/qr-symbol';
import { gs1DataMatrix } from '../symbols/datamatrix-symbol';
import { ean13Symbol } from '../symbols/ean13-symbol';
import { compose2d } from './compose-2d';
import { composeEan13 } from './compose-ean13';
import { moduleSizeCheck, moduleSizeMm } from './sizing';

/** What a scanner must read from a symbol: zxing's format name, its text (HRI mode) and symbology identifier. */
export interface ExpectedContent {
  readonly format: 'QRCode' | 'DataMatrix' | 'EAN13';
  readonly text: string;
  readonly symbologyIdentifier: string;
}

export interface SymbolArtwork {
  readonly symbology: Symbology;
  readonly artwork: Artwork;
  readonly expected: ExpectedContent;
}

export interface ComposedRecord {
  readonly symbols: SymbolArtwork[];
  readonly checks: string[];
}

/** Builds every requested symbol of one record at its real size, with the checks found on the way. */
export function composeRecord(record: RenderRecord, options: ExportOptions, gs1: Gs1Encoding): ComposedRecord {
  const symbols: SymbolArtwork[] = [];
  const checks: string[] = [];
  const elementString = gs1.elementStringHri(record);
  const hri = options.hri ? elementString : null;
  if (options.symbologies.includes('qr')) {
    const uri = gs1.digitalLinkUri(record, options.compressUri);
    const matrix = qrMatrix(uri, options.ec);
    const artwork = compose2d('qr', matrix, moduleSizeMm('qr', matrix.width, options), hri);
    // ]Q1: QR Code model 2 without FNC1; a Digital Link URI is plain text, not a GS1 element string.
    symbols.push({ symbology: 'qr', artwork, expected: { format: 'QRCode', text: uri, symbologyIdentifier: ']Q1' } });
  }
  if (options.symbologies.includes('dm')) {
    const matrix = gs1DataMatrix(gs1.elementStringFnc1(record));
    const artwork = compose2d('dm', matrix, moduleSizeMm('dm', matrix.width, options), hri);
    // ]d2: DataMatrix starting with FNC1, i.e. GS1 DataMatrix.
    symbols.push({
      symbology: 'dm',
      artwork,
      expected: { format: 'DataMatrix', text: elementString, symbologyIdentifier: ']d2' },
    });
  }
  if (options.ean13) {
    const digits = gs1.ean13FromGtin14(record.gtin14);
    if (digits === null) checks.push(`ean13: GTIN ${record.gtin14} has no EAN-13 form, not rendered`);
    else {
      const symbol = ean13Symbol(digits);
      const artwork = composeEan13(symbol, moduleSizeMm('ean13', symbol.widthModules, options), options.hri);
      symbols.push({
        symbology: 'ean13',
        artwork,
        expected: { format: 'EAN13', text: digits, symbologyIdentifier: ']E0' },
      });
    }
  }
  for (const s of symbols) {
    const check = moduleSizeCheck(s.symbology, s.artwork.moduleMm);
    if (check) checks.push(check);
  }
  return { symbols, checks };
}
