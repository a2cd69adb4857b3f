/** One courier's dot on the map: where, whose, how old (a stale dot is drawn and named as stale). */
export interface MapMark {
  id: string;
  name: string;
  lat: number;
  lng: number;
  accuracy: number;
  isLive: boolean;
  age: string;
}

/** The words a dot carries, so its state is never told by colour alone. */
export const markLabel = (m: MapMark) => `${m.name}: ${m.isLive ? 'canlı' : 'eski konum'}, ${m.age}`;
