import type { DeliveryPlatform } from '../../../shared/domain/channels';
import { PlatformClient } from './platform-client';
import { testConnection } from './platforms/connection-test-kit';

/*
 * The reads a platform answers may be kept a while (Getir's payment methods, its cancel options),
 * but only real answers: Delivery Hero's 204 "not ready yet" says to ask again, so it is never kept.
 */
const connection = (platform: DeliveryPlatform) => testConnection(platform);

function scripted(answers: (() => Response)[]) {
  const reads: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const path = new URL(String(input)).pathname;
    if (path === '/auth/login') return Response.json({ token: 'getir-token' });
    reads.push(path);
    return answers.shift()!();
  };
  return { reads, client: new PlatformClient({ fetch: fetchImpl, allowPrivateNetworks: true }) };
}

const READ = { path: '/payment-methods', cacheMs: 60_000 };

it('keeps a real answer for as long as the read asked', async () => {
  const { reads, client } = scripted([() => Response.json([{ id: 4, name: 'Kapıda Nakit' }])]);
  expect(await client.read('r1', connection('getir'), READ)).toEqual([{ id: 4, name: 'Kapıda Nakit' }]);
  expect(await client.read('r1', connection('getir'), READ)).toEqual([{ id: 4, name: 'Kapıda Nakit' }]);
  expect(reads).toHaveLength(1);
});

it('never keeps an empty answer (204, "not ready yet"): the next read asks again', async () => {
  const { reads, client } = scripted([() => new Response(null, { status: 204 }), () => Response.json([{ id: 4, name: 'Kapıda Nakit' }])]);
  expect(await client.read('r1', connection('getir'), READ)).toBeNull();
  expect(await client.read('r1', connection('getir'), READ)).toEqual([{ id: 4, name: 'Kapıda Nakit' }]);
  expect(reads).toHaveLength(2);
});
