/**
 * CPU time of a process and everything it started (cluster workers), from Linux's /proc: the bench's
 * "CPU milliseconds per request" is the difference of two readings divided by the requests served.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

/** USER_HZ, the unit of utime/stime in /proc/<pid>/stat (100 on every usual Linux). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** The parent pid and utime + stime (in clock ticks) from the text of /proc/<pid>/stat. */
export function parseStat(text: string): { ppid: number; ticks: number } {
  // the command name (field 2) is in parentheses and may hold spaces or ')': read after the last ')'
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): ppid is field 4, utime field 14, stime field 15
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU milliseconds (user + system) used so far by `rootPid` and its living descendants; NaN without /proc. */
export function processTreeCpuMs(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), parseStat(readFileSync(`/proc/${entry}/stat`, "utf8")));
    } catch {
      // the process ended between the listing and the read
    }
  }
  if (!stats.has(rootPid)) return NaN;
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)!.ticks;
  return (ticks * 1000) / clockTicks();
}
