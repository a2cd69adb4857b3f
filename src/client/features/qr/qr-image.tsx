import { useEffect, useState } from 'react';
import { qrSvg, svgDataUrl } from './qr-code';

interface Props {
  url: string;
  /** rendered size, any CSS length ('160px', '48mm') */
  size: string;
  alt: string;
  className?: string;
}

/** A QR code for a link, as an image (the encoder runs once per link). */
export function QrImage({ url, size, alt, className }: Props) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void qrSvg(url).then((svg) => isCurrent && setSrc(svgDataUrl(svg)));
    return () => {
      isCurrent = false;
    };
  }, [url]);
  return src ? (
    <img src={src} alt={alt} width={undefined} style={{ width: size, height: size, display: 'block' }} className={className} data-qr-url={url} />
  ) : (
    <div style={{ width: size, height: size }} aria-hidden className={className} />
  );
}
