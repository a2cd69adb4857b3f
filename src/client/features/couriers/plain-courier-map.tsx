import classes from './couriers.module.css';
import { markLabel, type MapMark } from './map-marks';

const WIDTH = 360;
const HEIGHT = 240;
const PAD = 36;

/**
 * The map without a tile server: the couriers' dots on a plain plan, north up, east right, scaled
 * to fit (a degree of longitude is shorter than one of latitude away from the equator). Enough to
 * see who is where relative to the others; the list beside it says the rest.
 */
export function PlainCourierMap({ marks }: { marks: MapMark[] }) {
  if (marks.length === 0) {
    return <p className={classes.mapEmpty}>Henüz konum gelmedi. Kurye bağlantıyı telefonunda açıp yola çıkınca burada görünür.</p>;
  }
  const midLat = marks.reduce((s, m) => s + m.lat, 0) / marks.length;
  const xScale = Math.cos((midLat * Math.PI) / 180);
  const xs = marks.map((m) => m.lng * xScale);
  const ys = marks.map((m) => m.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // at least ~1 km across, so one courier or two close ones are not blown up to the frame
  const span = Math.max(maxX - minX, maxY - minY, 0.01);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const at = (m: MapMark) => ({ x: WIDTH / 2 + (m.lng * xScale - cx) * scale, y: HEIGHT / 2 - (m.lat - cy) * scale });
  return (
    <svg
      className={classes.plainMap}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Kurye konumları (düz plan): ${marks.map(markLabel).join('; ')}`}
      data-testid="courier-plain-map"
    >
      <rect x="0" y="0" width={WIDTH} height={HEIGHT} className={classes.plainMapGround} />
      <text x={WIDTH - 8} y={16} textAnchor="end" className={classes.plainMapNorth}>
        K (kuzey)
      </text>
      {marks.map((m) => {
        const { x, y } = at(m);
        return (
          <g key={m.id}>
            <circle cx={x} cy={y} r={9} className={m.isLive ? classes.dotLive : classes.dotStale} />
            <text x={x + 13} y={y - 2} className={classes.dotName}>
              {m.name}
            </text>
            <text x={x + 13} y={y + 13} className={classes.dotAge}>
              {m.isLive ? `Canlı, ${m.age}` : `Eski konum, ${m.age}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
