// Callbacks run one at a time: 20,000 of them adding to one variable lose no update, whatever
// the number of workers.
let count = 0;
let p = Promise.resolve(1);
for (let i = 0; i < 10000; i++) {
    p.then((v) => { count += v; });
    setTimeout(() => { count += 1; }, 1);
}
console.log("sync", count);
setTimeout(() => console.log("count", count), 30);
