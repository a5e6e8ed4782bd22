// Fan-out on Node.js: the same work as fanout.adesh, a yield being `await null` (a microtask).
async function fetch(id) {
  let acc = id;
  for (let k = 0; k < 20; k++) {
    await null;
    acc = (acc * 31 + k) % 1000003;
  }
  return acc;
}

async function main() {
  const n = @N@;
  const ps = [];
  for (let i = 0; i < n; i++) {
    ps.push(fetch(i));
  }
  let total = 0;
  for (const p of ps) {
    total = (total + (await p)) % 1000003;
  }
  console.log(total);
}

main();
