import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlainCourierMap } from './plain-courier-map';

const mark = (id: string, name: string, isLive: boolean, age: string, lat = 40.99, lng = 29.03) => ({ id, name, lat, lng, accuracy: 10, isLive, age });

describe('the map without a tile server', () => {
  it('draws every courier with their name and age, and says in words which position is stale', () => {
    render(<PlainCourierMap marks={[mark('a', 'Ali', true, '20 sn önce'), mark('b', 'Veli', false, '7 dk önce', 41.01, 29.05)]} />);
    const map = screen.getByRole('img');
    expect(map.getAttribute('aria-label')).toBe('Kurye konumları (düz plan): Ali: canlı, 20 sn önce; Veli: eski konum, 7 dk önce');
    expect(map.textContent).toContain('Canlı, 20 sn önce');
    expect(map.textContent).toContain('Eski konum, 7 dk önce');
    // inside the frame, whatever the coordinates
    for (const dot of map.querySelectorAll('circle')) {
      expect(Number(dot.getAttribute('cx'))).toBeGreaterThan(0);
      expect(Number(dot.getAttribute('cx'))).toBeLessThan(360);
      expect(Number(dot.getAttribute('cy'))).toBeGreaterThan(0);
      expect(Number(dot.getAttribute('cy'))).toBeLessThan(240);
    }
  });

  it('says so when no position has come yet', () => {
    render(<PlainCourierMap marks={[]} />);
    expect(screen.getByText(/Henüz konum gelmedi/)).toBeTruthy();
  });
});
