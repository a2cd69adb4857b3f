import { useEffect, useRef, useState } from 'react';
import type { CircleMarker, Map as LeafletMap, LayerGroup } from 'leaflet';
import classes from './couriers.module.css';
import { markLabel, type MapMark } from './map-marks';

type Leaflet = typeof import('leaflet');

/**
 * The map with the tile server Ayarlar names. Leaflet (and its stylesheet) is fetched only here,
 * when this screen has a tile server to draw: no other screen, and not this one without tiles,
 * ever downloads it. Dots are circle markers (no marker images to host) with their name and age
 * written beside them.
 */
export function LeafletCourierMap({ marks, tileUrl }: { marks: MapMark[]; tileUrl: string }) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<{ L: Leaflet; map: LeafletMap; dots: LayerGroup; byCourier: Map<string, CircleMarker> } | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(
      ([mod]) => {
        if (!isCurrent || !box.current) return;
        const L = (mod as unknown as { default?: Leaflet }).default ?? (mod as unknown as Leaflet);
        const m = L.map(box.current, { zoomControl: true, attributionControl: true }).setView([41.0082, 28.9784], 11);
        L.tileLayer(tileUrl, { maxZoom: 19, attribution: 'Harita: ayarlanan döşeme sunucusu' }).addTo(m);
        map.current = { L, map: m, dots: L.layerGroup().addTo(m), byCourier: new Map() };
        setReady((n) => n + 1);
      },
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
      map.current?.map.remove();
      map.current = null;
    };
  }, [tileUrl]);

  // Each courier keeps its dot: moved, restyled and relabelled in place as the ages tick. A dot
  // removed and drawn anew would leave its old label fading out beside the new one for a moment.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const { L, dots, byCourier } = current;
    for (const [id, dot] of byCourier) {
      if (marks.some((m) => m.id === id)) continue;
      dots.removeLayer(dot);
      byCourier.delete(id);
    }
    for (const m of marks) {
      const style = { fillColor: m.isLive ? '#1971c2' : '#ffffff', dashArray: m.isLive ? undefined : '4 3' };
      const label = `${m.name} (${m.isLive ? 'canlı' : 'eski konum'}, ${m.age})`;
      const dot = byCourier.get(m.id);
      if (dot) {
        dot.setLatLng([m.lat, m.lng]).setStyle(style).setTooltipContent(label);
        continue;
      }
      const added = L.circleMarker([m.lat, m.lng], { radius: 9, color: '#1c3d5a', weight: 3, fillOpacity: 1, ...style })
        .bindTooltip(label, { permanent: true, direction: 'right' })
        .addTo(dots);
      byCourier.set(m.id, added);
    }
    if (marks.length > 0) current.map.fitBounds(L.latLngBounds(marks.map((m) => [m.lat, m.lng])).pad(0.3), { maxZoom: 16 });
  }, [marks, ready]);

  if (failed) return <p className={classes.mapEmpty}>Harita yüklenemedi. Konumlar aşağıdaki listede.</p>;
  return <div ref={box} className={classes.leafletMap} role="img" aria-label={`Kurye haritası: ${marks.map(markLabel).join('; ') || 'henüz konum yok'}`} />;
}
