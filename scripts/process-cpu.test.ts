import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseStat, processTreeCpuMs } from "./process-cpu";

describe("parseStat", () => {
  it("reads the parent pid and user + system ticks, whatever the command name holds", () => {
    const text = "4242 (node (worker) x) S 4200 4242 4242 0 -1 4194560 100 0 0 0 150 25 0 0 20 0 11 0 1000 0 0";
    expect(parseStat(text)).toEqual({ ppid: 4200, ticks: 175 });
  });
});

describe.runIf(process.platform === "linux")("processTreeCpuMs", () => {
  it("counts a busy child process in its parent's tree", async () => {
    // a child that spins until it has used 300 ms of CPU (by its own count, whatever the machine's load), then waits
    const spin =
      "const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; while (used() < 300); console.log('done'); setInterval(() => {}, 1000);";
    const child = spawn(process.execPath, ["-e", spin], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      await new Promise<void>((resolve) => child.stdout!.on("data", () => resolve()));
      expect(processTreeCpuMs(child.pid!)).toBeGreaterThanOrEqual(250); // the clock tick is 10 ms
      expect(processTreeCpuMs(process.pid)).toBeGreaterThanOrEqual(processTreeCpuMs(child.pid!));
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("is NaN for a process that does not exist", () => {
    expect(processTreeCpuMs(2 ** 22 + 1)).toBeNaN();
  });
});
