import QRCode from 'qrcode';
import type { ModuleMatrix } from './module-matrix';

export type EcLevel = 'L' | 'M' | 'Q' | 'H';

/** QR Code of `text` as a module matrix (`qrcode` was the fastest encoder of those measured). */
export function qrMatrix(text: string, ec: EcLevel): ModuleMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: ec });
  const size = qr.modules.size;
  return { width: size, height: size, dark: qr.modules.data };
}
