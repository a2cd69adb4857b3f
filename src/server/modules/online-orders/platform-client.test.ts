import type { DeliveryPlatform } from '../../../shared/domain/channels';
import { PlatformClient } from './platform-client';
import { testConnection } from './platforms/connection-test-kit';
import type { HttpCall } from './platforms/types';

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

it('logs in once and reuses the login, but logs in afresh at once when the connection’s credentials change', async () => {
  const logins: string[] = [];
  const sent: (string | null)[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    if (new URL(String(input)).pathname === '/auth/login') {
      const { appSecretKey } = JSON.parse(String(init?.body)) as { appSecretKey: string };
      logins.push(appSecretKey);
      return Response.json({ token: `token-of-${appSecretKey}` });
    }
    sent.push(new Headers(init?.headers).get('token'));
    return Response.json({});
  };
  const client = new PlatformClient({ fetch: fetchImpl, allowPrivateNetworks: true });
  const call: HttpCall = { method: 'POST', path: '/food-orders/o1/verify', body: {} };
  await client.send('r1', connection('getir'), call);
  await client.send('r1', connection('getir'), call);
  expect(logins).toHaveLength(1);
  // the owner saved a new app key: the old login (and its token) is not used again
  await client.send('r1', { ...connection('getir'), clientId: 'new-app-key' }, call);
  expect(logins).toEqual([connection('getir').clientId, 'new-app-key']);
  expect(sent).toEqual([`token-of-${connection('getir').clientId}`, `token-of-${connection('getir').clientId}`, 'token-of-new-app-key']);
});
