import { describe, expect, it } from 'vitest';
import { PRINTING_MESSAGES } from '../../../shared/printing-contract';
import { ConfigError, loadConfig } from '../../config';
import { PrinterAddressRefused, PrinterNameUnresolved, parsePrinterNetworks, printerAddress } from './printer-networks';

const answers =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('PRINTER_NETWORKS', () => {
  it('reads unset or empty as any address, "none" as none, and a list of networks and single addresses', () => {
    expect(parsePrinterNetworks(undefined)).toEqual({ kind: 'any' });
    expect(parsePrinterNetworks('  ')).toEqual({ kind: 'any' });
    expect(parsePrinterNetworks('NONE')).toEqual({ kind: 'none' });
    const list = parsePrinterNetworks(' 192.168.0.0/16, 10.0.0.0/8 ,192.0.2.7,fd00::/8');
    expect(list).toMatchObject({ kind: 'list', networks: ['192.168.0.0/16', '10.0.0.0/8', '192.0.2.7', 'fd00::/8'] });
  });

  it.each(['abc', '10.0.0.0/33', '10.0.0.0/8/1', '300.1.1.1/8', '10.0.0.0/x', '::1/129', ' , '])('refuses %j in Turkish, at start-up', (value) => {
    expect(() => parsePrinterNetworks(value)).toThrow(/bir ağ değil|hiçbir ağ yazılmamış/);
    let err: unknown;
    try {
      loadConfig({ PRINTER_NETWORKS: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('PRINTER_NETWORKS geçersiz:');
    expect((err as Error).message).toContain('örn. 192.168.0.0/16,10.0.0.0/8');
  });

  it('keeps the setting in the server configuration', () => {
    expect(loadConfig({ PRINTER_NETWORKS: 'none' }).printerNetworks).toBe('none');
    expect(loadConfig({}).printerNetworks).toBeUndefined();
  });
});

describe('the address printing connects to', () => {
  it('is the host as typed when any address goes, without resolving it', async () => {
    const never = async () => {
      throw new Error('resolved');
    };
    expect(await printerAddress(parsePrinterNetworks(undefined), 'yazici.local', never)).toBe('yazici.local');
  });

  it('is refused for every host with "none"', async () => {
    await expect(printerAddress(parsePrinterNetworks('none'), '192.168.1.50')).rejects.toThrow(new PrinterAddressRefused(PRINTING_MESSAGES.networkPrintingOff));
  });

  it('is the checked address of a name inside the networks, and refused when any of its addresses is outside', async () => {
    const lan = parsePrinterNetworks('192.168.0.0/16,fd00::/8');
    expect(await printerAddress(lan, 'yazici.local', answers('192.168.4.20', 'fd00::20'))).toBe('192.168.4.20');
    await expect(printerAddress(lan, 'yazici.local', answers('192.168.4.20', '127.0.0.1'))).rejects.toBeInstanceOf(PrinterAddressRefused);
    // an IPv4 address written as IPv6 is still that address
    await expect(printerAddress(lan, 'yazici.local', answers('::ffff:127.0.0.1'))).rejects.toBeInstanceOf(PrinterAddressRefused);
    expect(await printerAddress(lan, 'yazici.local', answers('::ffff:192.168.4.20'))).toBe('::ffff:192.168.4.20');
    await expect(printerAddress(lan, 'yazici.local', answers())).rejects.toBeInstanceOf(PrinterNameUnresolved);
  });

  it('resolves through the system: localhost is loopback, refused unless listed', async () => {
    await expect(printerAddress(parsePrinterNetworks('10.0.0.0/8'), 'localhost')).rejects.toBeInstanceOf(PrinterAddressRefused);
    expect(await printerAddress(parsePrinterNetworks('127.0.0.0/8,::1'), 'localhost')).toMatch(/^(127\.|::1$)/);
  });
});
