/** The Worker a test project serves: an alias vitest.config.ts sets per project (see test/worker-under-test.ts). */
declare module "worker-under-test" {
  const worker: ExportedHandler<Cloudflare.Env>;
  export default worker;
}
