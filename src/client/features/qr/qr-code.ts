import QRCode from 'qrcode';

/** QR codes for menu links: medium error correction survives a coffee stain on a table card. */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

const svgCache = new Map<string, Promise<string>>();

/** The QR code as SVG markup (scales to any print size without blur). */
export function qrSvg(text: string): Promise<string> {
  let svg = svgCache.get(text);
  if (!svg) {
    svg = QRCode.toString(text, { ...OPTIONS, type: 'svg' });
    svgCache.set(text, svg);
  }
  return svg;
}

export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export const qrPngDataUrl = (text: string, width = 1024) => QRCode.toDataURL(text, { ...OPTIONS, type: 'image/png', width });

/** "Bahçe 3" → "bahce-3", for file names. */
export function slug(text: string): string {
  const plain = text
    .replace(/[İI]/g, 'i')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return plain.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'menu';
}

function download(href: string, fileName: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}

export async function downloadSvg(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([await qrSvg(text)], { type: 'image/svg+xml' }));
  download(url, `${fileName}.svg`);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadPng(text: string, fileName: string) {
  download(await qrPngDataUrl(text), `${fileName}.png`);
}
