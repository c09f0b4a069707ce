// A failing property shrinks its counterexample, re-running the code under test for every smaller input it tries; on
// a tax profile of some forty amounts that can go on for hours, and held a CI machine until its own limit. Past this
// ceiling the run stops and fails with the smallest counterexample found so far. A passing property of the pure
// tests takes a few seconds even with every core busy, so the ceiling never cuts one short.
import fc from "fast-check";

fc.configureGlobal({ interruptAfterTimeLimit: 120_000, markInterruptAsFailure: true });
