// Runs the full test suite (`npm test`) while every core is kept busy by an unrelated CPU burner, to prove the suite
// holds on a shared, loaded CI machine. The burners are bounded: they stop when the suite ends, when this script is
// interrupted, and on their own after STRESS_MAX_MINUTES (default 60; the suite under load takes 7 to 11 minutes on
// two cores) should this script die without cleaning up.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const burnerCount = Number(process.env.STRESS_BURNERS ?? availableParallelism());
const maxMinutes = Number(process.env.STRESS_MAX_MINUTES ?? 60);

const burnerSource = `
  const stopAt = Date.now() + ${maxMinutes} * 60_000;
  let x = 0;
  while (Date.now() < stopAt) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) % 1_000_003;
`;

const burners = Array.from({ length: burnerCount }, () => spawn(process.execPath, ["-e", burnerSource], { stdio: "ignore" }));
const stopBurners = () => {
  for (const burner of burners) if (burner.exitCode === null) burner.kill("SIGKILL");
};
process.on("exit", stopBurners);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
}

console.log(`test:stress: ${burnerCount} CPU burner(s) running beside the suite (bounded to ${maxMinutes} min).`);
const startedAt = Date.now();
const suite = spawn("npm", ["test"], { stdio: "inherit" });
suite.on("exit", (code, signal) => {
  stopBurners();
  const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
  console.log(`test:stress: suite ${code === 0 ? "passed" : "FAILED"} under load in ${minutes} min.`);
  process.exit(code ?? (signal ? 1 : 0));
});
