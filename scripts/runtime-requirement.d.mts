export declare const requiredMajor: number;
export declare const bundledRuntimes: string[];
export declare function runtimeProblem(runtime: { version: string; platform: string; arch: string; execPath: string }): string | undefined;
