describe('prof', () => {
  it('boots', async () => {
    const t0 = process.cpuUsage();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { TestApp } = require('./support/test-app');
    const t1 = process.cpuUsage(t0);
    const c = process.cpuUsage();
    const app = await TestApp.start();
    const c2 = process.cpuUsage(c);
    const c3 = process.cpuUsage();
    const app2 = await TestApp.start();
    const c4 = process.cpuUsage(c3);
    console.log(JSON.stringify({ importCpu: (t1.user + t1.system) / 1000, startCpu: (c2.user + c2.system) / 1000, start2Cpu: (c4.user + c4.system) / 1000 }));
    await app.running.close();
    await app2.running.close();
  });
});
