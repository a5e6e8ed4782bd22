// The JavaScript twin of rj_05_rejection_chain.adesh.
const p = new Promise((resolve, reject) => {
    console.log("executor");
    reject(new Error("not an Error"));
});
const end = p.then(v => v + 1).then(v => v * 2);
console.log("sync done");
