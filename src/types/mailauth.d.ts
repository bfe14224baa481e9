// The parts of mailauth 4.9.x (plain JavaScript, no types of its own) the mail edge uses: see
// src/channels/mail/auth.ts. Only the fields read are declared; mailauth returns more.
declare module 'mailauth' {
  /** As node:dns/promises resolve(name, rrtype): TXT answers are arrays of strings. */
  export type Resolver = (name: string, rrtype: string) => Promise<unknown>;

  export interface DkimStatus {
    readonly result: string;
    readonly comment?: string;
    readonly aligned?: string | false;
    readonly underSized?: number;
  }

  export interface DkimResult {
    readonly signingDomain: string;
    readonly selector?: string;
    readonly algo?: string;
    readonly signingHeaders?: { readonly keys: string };
    readonly canonBodyLengthLimited?: boolean;
    readonly status: DkimStatus;
  }

  export interface ArcResult {
    readonly status: { readonly result: string; readonly comment?: string };
    readonly i?: number | false;
    readonly signature?: DkimResult | false;
    readonly authenticationResults?: {
      readonly dkim?: readonly {
        readonly result: string;
        readonly header?: { readonly d?: string; readonly i?: string };
      }[];
    };
    /** Not enumerable: the instances, oldest first. */
    readonly chain?: readonly {
      readonly i: number;
      readonly 'arc-seal'?: { readonly parsed?: { readonly d?: { readonly value?: string } } };
    }[];
  }

  export interface AuthenticateOptions {
    readonly resolver?: Resolver;
    readonly ip?: string;
    readonly helo?: string;
    readonly sender?: string;
    readonly mta?: string;
    readonly trustReceived?: boolean;
    readonly disableBimi?: boolean;
    readonly minBitLength?: number;
    readonly seal?: {
      readonly signingDomain: string;
      readonly selector: string;
      readonly privateKey: string | Buffer;
    };
  }

  export interface AuthenticateResult {
    readonly dkim: { readonly results?: readonly DkimResult[]; readonly headerFrom?: readonly string[] };
    readonly spf:
      | { readonly status: { readonly result: string; readonly comment?: string }; readonly domain?: string }
      | false;
    readonly dmarc:
      | {
          readonly status: { readonly result: string; readonly comment?: string };
          readonly domain?: string;
          readonly p?: string;
          readonly policy?: string;
        }
      | false;
    readonly arc: (ArcResult & { readonly authResults?: string }) | false;
    /** The Authentication-Results header and, when sealing, the ARC set to prepend (CRLF-ended). */
    readonly headers: string;
  }

  export function sealMessage(
    input: Buffer | string,
    seal: {
      readonly signingDomain: string;
      readonly selector: string;
      readonly privateKey: string | Buffer;
      readonly authResults: string;
      readonly cv: string;
    },
  ): Promise<Buffer>;

  export function authenticate(
    input: Buffer | string,
    options: AuthenticateOptions,
  ): Promise<AuthenticateResult>;
}

declare module 'mailauth/lib/dkim/sign.js' {
  export interface SignOptions {
    readonly canonicalization?: string;
    readonly algorithm?: string;
    readonly signTime?: Date;
    readonly headerList?: string;
    readonly signatureData: readonly {
      readonly signingDomain: string;
      readonly selector: string;
      readonly privateKey: string | Buffer;
      readonly algorithm?: string;
      readonly maxBodyLength?: number;
    }[];
  }
  export function dkimSign(
    input: Buffer | string,
    options: SignOptions,
  ): Promise<{ readonly signatures: string; readonly errors: readonly unknown[] }>;
}
