// The JavaScript twin of rj_03_handled_later.adesh: nothing is reported, Node exits 0.
(async () => {
    const p = Promise.reject(new Error("handled later"));
    Promise.resolve(0).then(() => {
        p.catch(e => {
            console.log("caught:", e.message);
            return 0;
        });
    });
    const chained = Promise.resolve(1).then(v => {
        if (v > 0) {
            throw new Error("thrown, then caught");
        }
        return v;
    });
    const q = Promise.reject(new Error("awaited"));
    try {
        await q;
    } catch (e) {
        console.log("await caught:", e.message);
    }
    const caught = chained.catch(e => -1);
    console.log("catch gave", await caught);
    console.log("end");
})();
