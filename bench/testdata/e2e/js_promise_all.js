// Promise.all over @N@ promises, each resolved by a reaction of one promise: the same work as
// js_promise_all.adesh.
async function main() {
  const start = Promise.resolve(1);
  const ps = [];
  for (let i = 0; i < @N@; i++) {
    ps.push(start.then((x) => x + i));
  }
  const vs = await Promise.all(ps);
  let total = 0;
  for (const v of vs) {
    total = (total + v) % 1000003;
  }
  console.log(total);
}

main();
