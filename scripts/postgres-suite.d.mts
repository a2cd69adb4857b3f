export declare const POSTGRES_SUITE: string[];
