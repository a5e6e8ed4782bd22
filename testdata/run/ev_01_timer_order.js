// Timers due together fire in the order they were set; every queued reaction runs before the
// next timer callback; no callback runs while the top-level code does.
setTimeout(() => console.log("first"), 20);
setTimeout(() => {
    console.log("second");
    Promise.resolve(2).then((v) => console.log("reaction queued by second", v));
}, 20);
setTimeout(() => console.log("third"), 20);
let seen = 0;
let p = Promise.resolve(1);
p.then((v) => { seen += 100; });
p.then((v) => { seen += 890; });
console.log("sync", seen);
Promise.resolve(0).then((v) => console.log("after sync", seen));
