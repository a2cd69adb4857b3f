import { z } from 'zod';

/**
 * Network printing (ESC/POS over TCP). A kitchen slip that did not print on Mutfağa Gönder is kept
 * here (in the server's memory, newest first) with what became of its one later retry.
 */
export const PRINT_RETRY_STATES = ['scheduled', 'printed', 'failed'] as const;

export const printFailure = z.object({
  id: z.string(),
  at: z.string(),
  station: z.string(),
  host: z.string(),
  port: z.number(),
  ticketId: z.string(),
  ticketNumber: z.number(),
  /** the table's name, or the order type and customer */
  where: z.string(),
  error: z.string(),
  retry: z.enum(PRINT_RETRY_STATES),
});
export type PrintFailure = z.infer<typeof printFailure>;

export const printResponse = z.object({ printed: z.literal(true), host: z.string(), port: z.number() });
export type PrintResponse = z.infer<typeof printResponse>;

export const PRINTING_MESSAGES = {
  noBillPrinter: 'Hesap yazıcısı tanımlı değil; Yazıcı Ayarları → Ağ yazıcıları bölümünden ekleyin',
  unreachable: (host: string, port: number) => `Yazıcıya ulaşılamadı: ${host}:${port}`,
  /** the installation prints to no network address (PRINTER_NETWORKS=none: a server shared by restaurants) */
  networkPrintingOff: 'Bu sunucuda ağ yazıcısına yazdırılamaz; fişleri tarayıcıdan yazdırın',
  /** the address is outside the networks the installation allows (PRINTER_NETWORKS) */
  addressNotAllowed: (networks: readonly string[]) => `Bu sunucuda bu adrese yazdırılamaz; izin verilen ağlar: ${networks.join(', ')}`,
} as const;
